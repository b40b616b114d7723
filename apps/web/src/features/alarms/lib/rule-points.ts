/**
 * Points a threshold rule can watch (issue 24 item 9): the numeric SunSpec points of
 * docs/device-protocol.md §5 whose crossing an owner would want to hear of, power and battery first.
 */
export const RULE_POINTS = [
  'W',
  'DCW',
  'SoC',
  'SoH',
  'V',
  'DCV',
  'DCA',
  'PhVphA',
  'A',
  'Hz',
  'VIn',
  'VOut',
  'TmpCab',
  'TmpAmb',
  'RH',
] as const;
