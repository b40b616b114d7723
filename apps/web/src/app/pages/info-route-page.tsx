import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { InfoPage } from '../../shared/ui/info-page';
import { deepestHandle } from '../lib/route-handle';

/** A route whose screen comes with a later issue: its title and one sentence of what it is for. */
export function InfoRoutePage() {
  const { t } = useTranslation();
  const handle = deepestHandle(useMatches());
  if (!handle) return null;
  return <InfoPage title={t(handle.titleKey)} text={handle.textKey ? t(handle.textKey) : ''} />;
}
