import { useEffect, useSyncExternalStore } from 'react';
import type { SessionInfo } from '../../../shared/domain';
import { useNow } from '../ui/useNow';
import { CopyButton } from '../ui/CopyButton';
import { linkLifeText, linkTargetText, sessionLinks } from './tempLinks';

/**
 * The list belongs to the signed-in person: it is emptied when the session
 * changes (someone else signs in) and when the browser closes (sign-out), as
 * the transfers are.
 */
export function useSessionLinksReset(session: SessionInfo): void {
  const who = JSON.stringify([session.authUrl, session.userName, session.tenantName]);
  useEffect(() => {
    sessionLinks.clear();
    return () => sessionLinks.clear();
  }, [who]);
}

/** The temporary links made since sign-in (of this region, or of one container), with how long each has left. */
export function SessionLinks({ region, container }: { region: string; container?: string }) {
  const all = useSyncExternalStore(sessionLinks.subscribe, sessionLinks.getSnapshot);
  // Every 15 s: "expires in 59 min" should not lag a minute behind.
  const now = useNow(15_000);
  const links = all.filter((l) => l.region === region && (container === undefined || l.container === container));
  if (links.length === 0) return <p className="muted">No temporary links made in this session.</p>;
  return (
    <ul className="session-links" aria-label="Links made in this session">
      {links.map((link) => {
        const target = linkTargetText(link.container, link.target);
        const life = linkLifeText(link.expiresAtMs, now);
        return (
          <li key={link.id} className="session-link" aria-label={`${link.method} ${target}, ${life}`}>
            <span className="session-link-target" title={link.url}>
              <code>{link.method}</code> {target}
            </span>
            <span className="muted session-link-life">{life}</span>
            <CopyButton text={link.url} />
          </li>
        );
      })}
    </ul>
  );
}
