// An account page's list of what the payer saved (§2 saved cards, phone accounts, recurring deposits):
// the page's heading and links, what failed last, what was just removed (a status region), then one
// row per item (its title, what is said under it, its buttons, the one that removes it last) or the
// words for none.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGES, type PageRoute } from '../../machines/pages.ts';
import { AccountNav } from './account-nav.tsx';
import { StepHeading } from './step-heading.tsx';

export function AccountList<T>({
  page,
  items,
  none,
  failure,
  done,
  keyOf,
  title,
  details,
  actions,
  remove,
}: {
  /** The account page: its title heads the page and names the list (the links beside it are a list too). */
  page: PageRoute;
  items: readonly T[];
  /** What the page says when there are none. */
  none: string;
  /** The i18n key of what failed last (loading, removing), if anything. */
  failure: string | null;
  /** What was just removed, said in the status region. */
  done: string | null;
  keyOf: (item: T) => string | number;
  title: (item: T) => string;
  /** What is said under the title (a card's name and expiry, a schedule, a balance). */
  details: (item: T) => ReactNode;
  /** The item's other buttons, before the one that removes it. */
  actions?: (item: T) => ReactNode;
  /** The button that asks to remove the item: its text, its name for this item, what it does. */
  remove: { label: string; itemLabel: (item: T) => string; onRemove: (item: T) => void; disabled?: boolean };
}) {
  const { t } = useTranslation();
  const label = t(PAGES[page].titleKey);
  return (
    <>
      <StepHeading>{label}</StepHeading>
      <AccountNav current={page} />
      {failure ? (
        <p className="notice notice--error" role="alert">
          {t(failure)}
        </p>
      ) : null}
      <div role="status">{done ? <p className="notice">{done}</p> : null}</div>
      {items.length === 0 ? (
        <p>{none}</p>
      ) : (
        <ul className="item-list" aria-label={label}>
          {items.map((item) => (
            <li key={keyOf(item)}>
              <div className="item__main">
                <p className="item__title">{title(item)}</p>
                {details(item)}
              </div>
              <div className="item__actions">
                {actions?.(item)}
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={remove.disabled}
                  aria-label={remove.itemLabel(item)}
                  onClick={() => remove.onRemove(item)}
                >
                  {remove.label}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
