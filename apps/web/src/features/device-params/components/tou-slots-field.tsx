import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { MAX_TOU_SLOTS, SLOT_ACTIONS, SLOT_KINDS, type TouSlot } from '@ems/contract/api/device-params';
import { Button, Form, Input, InputNumber, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { paramRule } from './param-input';

/** A new period: the rest of the day after the last one, valley, charge, 0 W (the user fills it in). */
function nextSlot(slots: readonly Partial<TouSlot>[]): TouSlot {
  const last = slots.at(-1)?.end;
  const start = last && last !== '24:00' ? last : '00:00';
  return { start, end: '24:00', kind: 'valley', action: 'charge', powerW: 0 };
}

const TIME_FIELDS = ['start', 'end'] as const;
/** The two choice columns: the field, its values and the locale group naming them. */
const CHOICE_FIELDS = [
  { field: 'kind', values: SLOT_KINDS, key: 'slotKind' },
  { field: 'action', values: SLOT_ACTIONS, key: 'slotAction' },
] as const;

/**
 * The peak-valley price periods (spec §1): up to MAX_TOU_SLOTS rows of start, end (HH:mm, end 24:00 for
 * midnight), kind, action and power limit, each field checked by the contract's rules as typed (a time,
 * end after start, no overlap). `status` goes under the list (what the device reported, what is pending).
 */
export function TouSlotsField({ status, disabled }: { status: ReactNode; disabled: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const label = (field: string, n: number) => `${t(`deviceParams.slot.${field}`)} ${n}`;
  return (
    <Form.List name="touSlots">
      {(rows, { add, remove }) => (
        <div className="tou-slots">
          {rows.length > 0 && (
            <div className="tou-row tou-head" aria-hidden>
              <span>{t('deviceParams.slot.start')}</span>
              <span>{t('deviceParams.slot.end')}</span>
              <span>{t('deviceParams.slot.kind')}</span>
              <span>{t('deviceParams.slot.action')}</span>
              <span>{t('deviceParams.slot.powerW')}</span>
              <span />
            </div>
          )}
          {rows.map(({ key, name }) => (
            <div className="tou-row" key={key} data-testid="tou-row">
              {TIME_FIELDS.map((field) => (
                <Form.Item key={field} name={[name, field]} rules={[paramRule(['touSlots', name, field])]}>
                  <Input
                    aria-label={label(field, name + 1)}
                    placeholder={field === 'start' ? '00:00' : '24:00'}
                    maxLength={5}
                    inputMode="numeric"
                  />
                </Form.Item>
              ))}
              {CHOICE_FIELDS.map(({ field, values, key: prefix }) => (
                <Form.Item key={field} name={[name, field]}>
                  <Select
                    aria-label={label(field, name + 1)}
                    options={values.map((v) => ({ value: v, label: t(`deviceParams.${prefix}.${v}`) }))}
                  />
                </Form.Item>
              ))}
              <Form.Item name={[name, 'powerW']} rules={[paramRule(['touSlots', name, 'powerW'])]}>
                <InputNumber
                  aria-label={label('powerW', name + 1)}
                  className="param-number"
                  step={100}
                  suffix="W"
                />
              </Form.Item>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('deviceParams.slot.remove', { n: name + 1 })}
                onClick={() => remove(name)}
              />
            </div>
          ))}
          <div className="tou-foot">
            <Button
              icon={<PlusOutlined />}
              disabled={disabled || rows.length >= MAX_TOU_SLOTS}
              onClick={() => add(nextSlot(form.getFieldValue('touSlots') ?? []))}
            >
              {t('deviceParams.slot.add', { max: MAX_TOU_SLOTS })}
            </Button>
            {status}
          </div>
        </div>
      )}
    </Form.List>
  );
}
