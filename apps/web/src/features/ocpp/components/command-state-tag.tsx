import { LoadingOutlined } from '@ant-design/icons';
import type { ChargerCommandState } from '@ems/contract/api/ocpp-charger';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { commandStateColor, isPending } from '../lib/charger-status';

/** A charger command's state in words, with a spinner while the charger has not answered (queued, sent). */
export function CommandStateTag({ state }: { state: ChargerCommandState }) {
  const { t } = useTranslation();
  return (
    <Tag
      color={commandStateColor(state)}
      icon={isPending(state) ? <LoadingOutlined spin aria-hidden /> : undefined}
      data-testid="charger-command-state"
      data-state={state}
    >
      {t(`ocpp.state.${state}`)}
    </Tag>
  );
}
