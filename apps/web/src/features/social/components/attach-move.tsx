/**
 * Moving one of the caller's stations to another superior (issue 10 §3, spec §7 station/attached/modify):
 * the new superior is chosen like the first one (SuperiorSelect: by name, or by id for another owner's
 * site), then a confirmation names both superiors before the call, because the old link is voided at once
 * and the new one waits for its owner's answer.
 */
import type { Attachment } from '@ems/contract/api/social';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { moveAttachment } from '../api/social-api';
import { runAction } from './run-action';
import { type SuperiorChoice, SuperiorSelect } from './superior-select';

/** "Move" button of a sent attachment row; opens the dialog for the new superior. */
export function AttachMoveButton({ link }: { link: Attachment }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [superior, setSuperior] = useState<SuperiorChoice>();
  const from = link.superName ?? t('social.links.siteById', { id: link.superId });
  const confirm = () => {
    if (!superior) return;
    const superId = superior.id;
    modal.confirm({
      title: t('social.move.confirmTitle'),
      content: t('social.move.confirmText', { sub: link.subName, from, to: superior.label }),
      okText: t('social.move.ok'),
      cancelText: t('social.move.cancel'),
      onOk: async () => {
        if (
          await runAction(client, () => moveAttachment(superId, link.superId, link.subId), 'social.linkAsked')
        ) {
          setOpen(false);
          setSuperior(undefined);
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
        okButtonProps={{ disabled: !superior }}
        onOk={confirm}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p>{t('social.move.current', { name: from, id: link.superId })}</p>
        <SuperiorSelect
          style={{ width: '100%' }}
          ariaLabel={t('social.move.newSuper')}
          exclude={[link.superId, link.subId]}
          value={superior}
          onChange={setSuperior}
        />
      </Modal>
    </>
  );
}
