import { useTranslation } from 'react-i18next';

/** The sign-in page's illustration: sun, panels, home, battery and charger joined by energy lines. */
function EnergyScene() {
  return (
    <svg className="login-scene" viewBox="0 0 420 260" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="panel" x1="0" x2="1" y1="0" y2="1">
          <stop offset="0" stopColor="#8fd3ff" />
          <stop offset="1" stopColor="#2a6fdb" />
        </linearGradient>
      </defs>
      <g className="login-sun">
        <circle cx="70" cy="58" r="26" fill="#ffd34d" />
        {[0, 45, 90, 135, 180, 225, 270, 315].map((a) => (
          <line
            key={a}
            x1="70"
            y1="20"
            x2="70"
            y2="10"
            stroke="#ffd34d"
            strokeWidth="4"
            strokeLinecap="round"
            transform={`rotate(${a} 70 58)`}
          />
        ))}
      </g>
      <g transform="translate(40 130)">
        <path d="M0 60 30 0h90l-30 60z" fill="url(#panel)" stroke="#dff1ff" strokeWidth="2" />
        <path d="M10 40h90M20 20h90M40 0 10 60M70 0 40 60M100 0 70 60" stroke="#dff1ff" strokeWidth="1.5" />
        <rect x="52" y="60" width="6" height="40" fill="#dff1ff" />
      </g>
      <g transform="translate(230 110)">
        <path d="M0 50 60 0l60 50v80H0z" fill="#f4f8ff" />
        <path d="M-8 54 60 -4l68 58" fill="none" stroke="#ffd34d" strokeWidth="8" strokeLinejoin="round" />
        <rect x="44" y="82" width="32" height="48" rx="3" fill="#2a6fdb" />
        <rect x="14" y="64" width="22" height="20" rx="2" fill="#8fd3ff" />
        <rect x="84" y="64" width="22" height="20" rx="2" fill="#8fd3ff" />
      </g>
      <g transform="translate(372 176)">
        <rect width="30" height="60" rx="6" fill="#f4f8ff" />
        <rect x="10" y="-5" width="10" height="6" rx="2" fill="#f4f8ff" />
        <rect x="5" y="30" width="20" height="25" rx="3" fill="#0ebe54" />
        <rect x="5" y="22" width="20" height="6" rx="2" fill="#0ebe54" opacity="0.6" />
      </g>
      <path className="login-flow" d="M160 160 C190 160 200 190 230 190" />
      <path className="login-flow" d="M350 210 C360 210 362 205 372 205" />
      <path className="login-flow login-flow-slow" d="M96 86 C110 110 120 120 120 130" />
      <line x1="0" y1="240" x2="420" y2="240" stroke="#dff1ff" strokeOpacity="0.35" strokeWidth="2" />
    </svg>
  );
}

/** Left half of the sign-in page (hidden on phones): what the platform is for, in three lines. */
export function LoginHero() {
  const { t } = useTranslation();
  return (
    <aside className="login-hero">
      <div className="login-hero-text">
        <h2>{t('auth.hero.headline')}</h2>
        <p>{t('auth.hero.subline')}</p>
      </div>
      <EnergyScene />
      <ul className="login-hero-points">
        <li>{t('auth.hero.pointLive')}</li>
        <li>{t('auth.hero.pointAlarms')}</li>
        <li>{t('auth.hero.pointHistory')}</li>
      </ul>
    </aside>
  );
}
