'use client';

import { useState, type CSSProperties } from 'react';
import { Link as IntlLink } from '@/lib/i18n/navigation';
import type { MenuItem } from '@/lib/site/menu';
import { SpriteIcon } from '@/components/ui/sprite-icon';
import buttons from '@/components/ui/shell-button.module.css';
import { NavIcon } from './nav-icon';
import styles from './nav.module.css';
import { useNav } from './use-nav';

function NavRow({
  item,
  depth,
  nav,
}: {
  item: MenuItem;
  depth: number;
  nav: ReturnType<typeof useNav>;
}) {
  const active = nav.isActive(item);
  // The active item's group is open until the player folds it.
  const [toggled, setOpen] = useState<boolean | null>(null);
  const open = toggled ?? (active && Boolean(item.children));
  const label = nav.t(item.key);
  const content = (
    <>
      {item.icon && (
        <span className={styles.itemIcon}>
          <NavIcon name={item.icon} />
        </span>
      )}
      {label}
    </>
  );
  const common = {
    className: styles.item,
    'data-active': active || undefined,
    'data-testid': `nav-${item.key}`,
    onClick: nav.onItemClick(item),
    // Sub-items step in 16 px a level.
    style: depth ? ({ '--depth': depth } as CSSProperties) : undefined,
  };
  return (
    <li>
      <div className={styles.row}>
        {item.href ? (
          <IntlLink
            {...common}
            href={item.href}
            aria-current={active && !item.children ? 'page' : undefined}
          >
            {content}
          </IntlLink>
        ) : (
          <button type="button" {...common}>
            {content}
          </button>
        )}
        {item.children && item.children.length > 0 && (
          <button
            type="button"
            className={buttons.iconSmall}
            aria-label={nav.t(open ? 'collapse' : 'expand', { item: label })}
            aria-expanded={open}
            onClick={() => setOpen(!open)}
          >
            <SpriteIcon name={open ? 'expand-less' : 'expand-more'} size={20} />
          </button>
        )}
      </div>
      {item.children && open && (
        <ul className={styles.list}>
          {item.children.map((child) => (
            <NavRow key={child.key} item={child} depth={depth + 1} nav={nav} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** The full side menu: the betting, general and info groups with their sub-items. */
export function NavVertical() {
  const nav = useNav();
  return (
    <nav aria-label={nav.t('label')}>
      {nav.groups.map((group) => (
        <div key={group.key} className={styles.group}>
          <h2 id={`nav-group-${group.key}`} className={styles.groupTitle}>
            {nav.t(`group.${group.key}`)}
          </h2>
          <ul className={styles.list} aria-labelledby={`nav-group-${group.key}`}>
            {group.items.map((item) => (
              <NavRow key={item.key} item={item} depth={0} nav={nav} />
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}
