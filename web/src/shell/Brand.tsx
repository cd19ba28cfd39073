import { Link } from 'react-router';

/** The product mark; links home (the guard sends signed-out visitors to /login). */
export function Brand({ to = '/workspace/home', inverted = false }: { to?: string; inverted?: boolean }) {
  return (
    <Link to={to} className={inverted ? 'sl-brand sl-brand-inverted' : 'sl-brand'} aria-label="Seamline">
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span>Seamline</span>
    </Link>
  );
}
