/** "Add a site" (UX.md dashboard empty state): opens the site form for a new site of the current type. */
import type { SystemType } from '@ems/contract/constants';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteFormModal } from './site-form-modal';

/** A primary button that opens the new-site form. */
export function AddSiteButton({ systemType }: { systemType: SystemType }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        {t('dashboard.empty.addSite')}
      </Button>
      <SiteFormModal open={open} systemType={systemType} onClose={() => setOpen(false)} />
    </>
  );
}
