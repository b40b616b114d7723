/**
 * Moving one of the caller's stations to another superior (issue 10 §3, spec §7 station/attached/modify):
 * the new superior's id is typed, then a confirmation names both superiors before the call, because the
 * old link is voided at once and the new one waits for its owner's answer.
 */
import type { Attachment } from '@ems/contract/api/social';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, InputNumber, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moveAttachment } from '../api/social-api';
import { runAction } from './run-action';

/** "Move" button of a sent attachment row; opens the dialog for the new superior id. */
export function AttachMoveButton({ link }: { link: Attachment }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [superId, setSuperId] = useState<number | null>(null);
  const valid = superId !== null && superId > 0 && superId !== link.superId && superId !== link.subId;
  const confirm = () => {
    if (!valid) return;
    modal.confirm({
      title: t('social.move.confirmTitle'),
      content: t('social.move.confirmText', { sub: link.subName, from: link.superName, to: superId }),
      okText: t('social.move.ok'),
      cancelText: t('social.move.cancel'),
      onOk: async () => {
        if (
          await runAction(client, () => moveAttachment(superId, link.superId, link.subId), 'social.linkAsked')
        ) {
          setOpen(false);
          setSuperId(null);
        }
      },
    });
  };
  return (
    <>
      <Button size="small" onClick={() => setOpen(true)}>
        {t('social.move.button')}
      </Button>
      <Modal
        open={open}
        title={t('social.move.title', { name: link.subName })}
        okText={t('social.move.next')}
        cancelText={t('social.move.cancel')}
        okButtonProps={{ disabled: !valid }}
        onOk={confirm}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p>{t('social.move.current', { name: link.superName, id: link.superId })}</p>
        <InputNumber
          style={{ width: 240 }}
          min={1}
          precision={0}
          placeholder={t('social.move.newSuperId')}
          aria-label={t('social.move.newSuperId')}
          value={superId}
          onChange={(v) => setSuperId(typeof v === 'number' ? v : null)}
        />
      </Modal>
    </>
  );
}
