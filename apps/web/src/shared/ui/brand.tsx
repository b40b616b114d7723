/**
 * Platform identity per mode (spec §2): east is "Energy Cloud", common is "Smart Energy Monitor"; each
 * has its own logo. Titles come from the locales (layout.brand.*).
 */
import { useTranslation } from 'react-i18next';
import type { PlatformMode } from '../session/mode';

/** i18n key of the platform title of `mode`. */
export function platformTitleKey(mode: PlatformMode): string {
  return mode === 'common' ? 'common.brand.commonTitle' : 'common.brand.eastTitle';
}

/** Logo of `mode`, `size` px square, decorative (the title next to it names the platform). */
export function PlatformLogo({ mode, size = 32 }: { mode: PlatformMode; size?: number }) {
  if (mode === 'common') {
    return (
      <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#0e8f6e" />
        <circle cx="16" cy="16" r="9" fill="none" stroke="#fff" strokeWidth="2.5" />
        <path d="M16 9v7l5 3" fill="none" stroke="#ffd34d" strokeWidth="2.5" strokeLinecap="round" />
      </svg>
    );
  }
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#1668dc" />
      <path d="M6 21a6 6 0 0 1 2-11.6A8 8 0 0 1 23.5 11 5 5 0 0 1 26 21z" fill="#fff" opacity="0.95" />
      <path d="M17.5 12 12.5 19h3.5l-1 5 5-7h-3.5z" fill="#ffb400" />
    </svg>
  );
}

/** Logo plus platform title, as in the top bar and on the sign-in page. */
export function PlatformBrand({ mode, showTitle = true }: { mode: PlatformMode; showTitle?: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="brand">
      <PlatformLogo mode={mode} />
      {showTitle && <span className="brand-title">{t(platformTitleKey(mode))}</span>}
    </span>
  );
}
