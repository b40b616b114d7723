import { BellOutlined } from '@ant-design/icons';
import { ALARM_BADGE_CAP } from '@ems/contract/constants';
import { Badge, Button, Empty, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ALARM_KINDS_WORST_FIRST } from '../../../shared/domain/alarm-level';
import { AlarmLevelTag } from '../../../shared/ui/alarm-level-tag';
import { useSystemAlarmCount } from '../api/system-alarm-count';

/**
 * Top-bar bell with the number of active alarms of the layout's system type (99+ above 99, spec §2).
 * It opens a dialog with the count per level.
 */
export function AlarmBadge() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { data } = useSystemAlarmCount();
  const count = data?.count ?? 0;
  return (
    <>
      <Badge
        count={count}
        overflowCount={ALARM_BADGE_CAP}
        size="small"
        offset={[-2, 6]}
        className="alarm-badge"
      >
        <Button
          type="text"
          className="bar-button"
          icon={<BellOutlined />}
          aria-label={t('alarms.badge.label', { count })}
          onClick={() => setOpen(true)}
        />
      </Badge>
      <Modal open={open} title={t('alarms.dialog.title')} footer={null} onCancel={() => setOpen(false)}>
        {count === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alarms.dialog.none')} />
        ) : (
          <ul className="alarm-count-list">
            {ALARM_KINDS_WORST_FIRST.map((kind) => (
              <li key={kind}>
                <AlarmLevelTag kind={kind} />
                <span>{data?.byLevel[kind] ?? 0}</span>
              </li>
            ))}
          </ul>
        )}
      </Modal>
    </>
  );
}
