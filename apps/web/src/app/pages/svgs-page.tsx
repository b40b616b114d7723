import { useTranslation } from 'react-i18next';
import { PlatformLogo } from '../../shared/ui/brand';
import { InfoPage } from '../../shared/ui/info-page';

/** /svgs: the icon page (spec §2). For now the two platform logos. */
export function SvgsPage() {
  const { t } = useTranslation();
  return (
    <InfoPage
      title={t('app.routes.svgs')}
      text={t('app.pages.svgs')}
      extra={
        <div className="svg-grid">
          <figure>
            <PlatformLogo mode="east" size={64} />
            <figcaption>{t('common.brand.eastTitle')}</figcaption>
          </figure>
          <figure>
            <PlatformLogo mode="common" size={64} />
            <figcaption>{t('common.brand.commonTitle')}</figcaption>
          </figure>
        </div>
      }
    />
  );
}
