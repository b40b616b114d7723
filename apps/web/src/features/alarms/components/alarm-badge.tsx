import { BellOutlined } from '@ant-design/icons';
import type { SystemType } from '@ems/contract/constants';
import { ALARM_BADGE_CAP } from '@ems/contract/constants';
import { Empty, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ALARM_KINDS_WORST_FIRST } from '../../../shared/domain/alarm-level';
import { AlarmLevelTag } from '../../../shared/ui/alarm-level-tag';
import { BadgeButton } from '../../../shared/ui/badge-button';
import { useSystemAlarmCount } from '../api/system-alarm-count';
import { AlarmTable } from './alarm-table';
import { alarmTarget } from './open-alarm';

/**
 * Top-bar bell with the number of active alarms of the layout's system type (99+ above 99, spec §2),
 * read from the layout's one count provider (one request per 5-s cycle). The whole badge, its number
 * included, opens a dialog (mouse, touch, Enter or Space) with the
 * count per level and the current alarms; a device, site or detail click opens the station view. The
 * dialog's list loads only while it is open.
 */
export function AlarmBadge({ systemType }: { systemType?: SystemType }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const { data } = useSystemAlarmCount();
  const count = data?.count ?? 0;
  return (
    <>
      <BadgeButton
        icon={<BellOutlined />}
        count={count}
        overflowCount={ALARM_BADGE_CAP}
        className="alarm-badge"
        label={t('alarms.badge.label', { count })}
        onClick={() => setOpen(true)}
      />
      <Modal
        open={open}
        title={t('alarms.dialog.title')}
        footer={null}
        width={960}
        onCancel={() => setOpen(false)}
      >
        {count === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('alarms.dialog.none')} />
        ) : (
          <>
            <ul className="alarm-count-list">
              {ALARM_KINDS_WORST_FIRST.map((kind) => (
                <li key={kind}>
                  <AlarmLevelTag kind={kind} />
                  <span>{data?.byLevel[kind] ?? 0}</span>
                </li>
              ))}
            </ul>
            <AlarmTable
              overview
              kind="current"
              filters={{ systemType }}
              refresh={data?.count}
              enabled={open}
              onOpen={(e) => {
                setOpen(false);
                navigate(alarmTarget(e));
              }}
            />
          </>
        )}
      </Modal>
    </>
  );
}
