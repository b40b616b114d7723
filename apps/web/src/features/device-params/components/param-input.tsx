import {
  DeviceParamsSchema,
  NO_LIMIT_PARAMS,
  PARAM_SPECS,
  type ParamKey,
  type ParamSpec,
} from '@ems/contract/api/device-params';
import { InputNumber, Select, Switch } from 'antd';
import type { RuleRender } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { issueText } from '../../../shared/form/zod-rule';
import { currentLanguageCode } from '../../../shared/i18n/current-language';
import { type FieldPath, issueAt, type ParamFormValues, withValueAt } from '../lib/param-form';
import { decimalsOf } from '../lib/param-text';

/**
 * An antd rule for the field at `path`: the contract's rules (range, spec §5 SOC gap, periods) on the
 * whole form with this field's new value, said in the interface language.
 */
export const paramRule =
  (path: FieldPath): RuleRender =>
  (form) => ({
    validator: async (_rule, value: unknown) => {
      const values = withValueAt(form.getFieldsValue(true) as Partial<ParamFormValues>, path, value);
      const issue = issueAt(values, path);
      if (issue) throw new Error(issueText(issue, currentLanguageCode(), DeviceParamsSchema));
    },
  });

/** The input of one parameter other than the periods, by its kind (antd Form gives value and onChange). */
export function ParamInput({ paramKey, ...field }: { paramKey: ParamKey; id?: string }) {
  const { t } = useTranslation();
  const spec: ParamSpec = PARAM_SPECS[paramKey];
  if (spec.kind === 'enum') {
    return (
      <Select
        {...field}
        options={(spec.options ?? []).map((o) => ({
          value: o,
          label: t(`deviceParams.option.${paramKey}.${o}`),
        }))}
      />
    );
  }
  if (spec.kind === 'boolean') {
    return (
      <Switch {...field} checkedChildren={t('deviceParams.on')} unCheckedChildren={t('deviceParams.off')} />
    );
  }
  return (
    <InputNumber
      {...field}
      className="param-number"
      // No min/max here: the input would drop or clamp a value out of range without a word; the rule
      // says "data out of range" instead, as the server would.
      step={spec.step}
      precision={decimalsOf(spec)}
      suffix={spec.unit}
      // Empty means no limit below the device's own (NO_LIMIT_PARAMS), and says so.
      placeholder={NO_LIMIT_PARAMS.includes(paramKey) ? t('deviceParams.noLimit') : undefined}
    />
  );
}
