import { useInterface } from '../copy/language';

/** "LIVE" / "लाइव" on a live blog's page and its cards while coverage goes on (issue 25 item 1). */
export function LiveBadge() {
  const { t, lang } = useInterface();
  return (
    <span className="live-badge" lang={lang}>
      {t.live.badge}
    </span>
  );
}
