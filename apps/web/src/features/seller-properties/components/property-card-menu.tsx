/**
 * The property card's menu: View property, View appraisals, Update sale status. React Aria's Menu in a Popover
 * (with its collection and overlay code, about 35 KB), so it is its own chunk: the card shows a plain button of the
 * same look and loads this on first use (see property-card.tsx).
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { MenuIcon, menuButtonClasses } from './property-card-menu-button';

const itemClasses = 'block cursor-pointer rounded-md px-3 py-2.5 text-ink outline-none data-[focused]:bg-brand-50';

/**
 * Mounted when the seller first presses the card's plain button: it takes the focus over on its own trigger (so
 * closing the menu returns focus there, as it would have to the plain button), then opens with the first item focused.
 */
export default function PropertyCardMenu({ propertyId, address }: { propertyId: string; address: string }) {
  const navigate = useNavigate();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const hasOpened = useRef(false);

  useLayoutEffect(() => triggerRef.current?.focus(), []);
  // Opened once the trigger holds the focus (so the menu's focus scope returns it there), not again when it does.
  const openOnFirstFocus = () => {
    if (hasOpened.current) return;
    hasOpened.current = true;
    setIsOpen(true);
  };

  return (
    <MenuTrigger isOpen={isOpen} onOpenChange={setIsOpen}>
      <AriaButton ref={triggerRef} aria-label={`Options for ${address}`} className={menuButtonClasses} onFocus={openOnFirstFocus}>
        <MenuIcon />
      </AriaButton>
      <Popover placement="bottom end" className="min-w-52 rounded-lg border border-line bg-white p-1 shadow-lg">
        <Menu className="outline-none" autoFocus="first">
          <MenuItem onAction={() => navigate(`/property/${propertyId}`)} className={itemClasses}>
            View property
          </MenuItem>
          <MenuItem onAction={() => navigate(`/property/${propertyId}#appraisals`)} className={itemClasses}>
            View appraisals
          </MenuItem>
          <MenuItem onAction={() => navigate(`/property/${propertyId}/sale-status`)} className={itemClasses}>
            Update sale status
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
