import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Colour of a request state tag. */
const STATE_COLOR: Record<string, string> = {
  sent: 'blue',
  pending: 'gold',
  accepted: 'green',
  refused: 'red',
  voided: 'default',
};

/** A request's state (spec §4 statuses as one side sees them) as a coloured tag. */
export function StateTag({ state }: { state: string }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLOR[state]}>{t(`social.state.${state}`)}</Tag>;
}
