import { Suspense, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { badgeSalesLabel, badgeTier } from '@listwise/domain/badges';
import type { UserType } from '@listwise/domain/enums';
import { cx } from '@/components/cx';
import type { CurrentUser } from '@/lib/current-user';
import { BadgePill } from '@/app/layouts/badge-pill';
import { useUnreadAppointmentRequestsCount } from '@/features/appointments/api/appointment-requests';
import { lazyOrReload } from '@/lib/new-release';

interface MenuItem {
  to: string;
  label: string;
  icon: ReactNode;
  end?: boolean;
}

const icon = (d: string) => (
  <svg
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    strokeLinejoin="round"
    className="size-5 shrink-0"
    aria-hidden="true"
  >
    <path d={d} />
  </svg>
);

const ICONS = {
  home: icon('M3 10.5 12 3l9 7.5M5 9v11h5v-6h4v6h5V9'),
  calendar: icon('M7 3v3m10-3v3M4 9h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Z'),
  settings: icon(
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm7.4-3a7.4 7.4 0 0 0-.1-1.2l2-1.6-2-3.4-2.4 1a7.4 7.4 0 0 0-2-1.2L14.5 3h-4l-.4 2.6a7.4 7.4 0 0 0-2 1.2l-2.4-1-2 3.4 2 1.6a7.4 7.4 0 0 0 0 2.4l-2 1.6 2 3.4 2.4-1a7.4 7.4 0 0 0 2 1.2l.4 2.6h4l.4-2.6a7.4 7.4 0 0 0 2-1.2l2.4 1 2-3.4-2-1.6c.1-.4.1-.8.1-1.2Z',
  ),
  plus: icon('M12 5v14M5 12h14'),
  star: icon('M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9L12 3.5Z'),
  console: icon('M4 5h16v11H4zM8 20h8M12 16v4'),
  logout: icon('M15 17l5-5-5-5M20 12H9M12 19H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1h7'),
};

/** The menu of each user type (spec 000 §2 agent menu, spec 001 seller menu; PRODUCT.md admin). */
const menuItems = (userType: UserType, user: CurrentUser | undefined): MenuItem[] => {
  const logout: MenuItem = { to: '/logout', label: 'Log Out', icon: ICONS.logout };
  switch (userType) {
    case 'AGENT':
      return [
        { to: '/', label: 'Appraisal requests', icon: ICONS.home, end: true },
        { to: '/agent/appointment-requests', label: 'Appointment Requests', icon: ICONS.calendar },
        // Agent reviews: reply to and report the reviews sellers wrote.
        { to: '/agent/reviews', label: 'Reviews', icon: ICONS.star },
        { to: '/agent/profile-settings', label: 'Profile Settings', icon: ICONS.settings },
        logout,
      ];
    case 'SELLER':
      return [
        { to: '/', label: 'My Properties', icon: ICONS.home, end: true },
        { to: '/new-property', label: 'Create Listing', icon: ICONS.plus },
        ...(user?.profileComplete ? [{ to: '/profile-settings', label: 'Profile Settings', icon: ICONS.settings }] : []),
        logout,
      ];
    case 'ADMIN':
      return [{ to: '/admin', label: 'Console', icon: ICONS.console }, logout];
  }
};

const pictureUrl = (user: CurrentUser | undefined): string | null => {
  const picture = user?.agentProfile?.profilePicture;
  if (!picture) return null;
  if (picture.thumbnailReady && picture.thumbnailUrl) return picture.thumbnailUrl;
  if (picture.mainFileReady && picture.url) return picture.url;
  return null;
};

const displayName = (userType: UserType, user: CurrentUser | undefined): string => {
  if (userType === 'AGENT') return user?.agentProfile?.name || 'Anonymous User';
  if (userType === 'SELLER') return user?.sellerProfile?.name || user?.email || 'Anonymous User';
  return 'Operator';
};

// The dialog (React Aria's modal) loads when the agent first opens it, not with every signed-in page.
const MemberBadgesDialog = lazyOrReload(async () => ({ default: (await import('@/app/layouts/member-badges-dialog')).MemberBadgesDialog }));

function ProfileSummary({ userType, user }: { userType: UserType; user: CurrentUser | undefined }) {
  const [isBadgesOpen, setIsBadgesOpen] = useState(false);
  const [hasOpenedBadges, setHasOpenedBadges] = useState(false);
  const name = displayName(userType, user);
  const picture = pictureUrl(user);
  const badge = user?.agentProfile?.badge ?? null;
  const initials = name
    .split(/\s+/)
    .map((part) => part[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();

  return (
    <div className="flex items-center gap-3 px-3 py-4">
      {picture ? (
        <img src={picture} alt="" className="size-12 shrink-0 rounded-full object-cover ring-1 ring-slate-200" />
      ) : (
        <span
          className="flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-800 text-base font-semibold text-white"
          aria-hidden="true"
        >
          {initials || 'L'}
        </span>
      )}
      <div className="min-w-0">
        <p className="truncate font-semibold text-ink">{name}</p>
        {userType === 'AGENT' && (
          <>
            {/* An agent without a sale yet still sees how badges are earned. */}
            <button
              type="button"
              onClick={() => {
                setHasOpenedBadges(true);
                setIsBadgesOpen(true);
              }}
              className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-0.5 rounded-full text-left"
              aria-label={
                badge
                  ? `Member badge: ${badgeTier(badge).label.toLowerCase()}, ${badgeSalesLabel(badge)}. Show member badges`
                  : 'No member badge yet. Show member badges'
              }
            >
              {badge ? (
                <>
                  <BadgePill badge={badge} />
                  <span className="text-xs text-ink-soft">{badgeSalesLabel(badge)}</span>
                </>
              ) : (
                <span className="text-xs font-semibold text-brand-800 underline underline-offset-2">No badge yet</span>
              )}
            </button>
            {hasOpenedBadges && (
              <Suspense fallback={null}>
                <MemberBadgesDialog
                  isOpen={isBadgesOpen}
                  onOpenChange={setIsBadgesOpen}
                  current={badge}
                  numberOfEngagements={user?.agentProfile?.numberOfEngagements}
                />
              </Suspense>
            )}
          </>
        )}
        {userType !== 'AGENT' && user?.email && name !== user.email && <p className="truncate text-sm text-ink-soft">{user.email}</p>}
      </div>
    </div>
  );
}

/** The signed-in menu: the side column on desktop, the drawer's content on phones. */
export function SideMenu({ userType, user, onNavigate }: { userType: UserType; user: CurrentUser | undefined; onNavigate?: () => void }) {
  // Until new terms are accepted the API serves nothing else (terms_not_accepted): the badge waits.
  const unreadAppointments = useUnreadAppointmentRequestsCount(userType === 'AGENT' && !!user && !user.mustAcceptTerms);
  return (
    <div className="flex flex-col gap-2">
      <ProfileSummary userType={userType} user={user} />
      <nav aria-label="Account menu">
        <ul className="flex flex-col gap-1">
          {menuItems(userType, user).map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.end}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cx(
                    'flex items-center gap-3 rounded-lg px-3 py-2.5 text-[0.95rem] font-medium transition-colors',
                    isActive ? 'bg-brand-800 text-white' : 'text-ink hover:bg-brand-50 hover:text-brand-900',
                  )
                }
              >
                {item.icon}
                {item.label}
                {item.to === '/agent/appointment-requests' && unreadAppointments > 0 && (
                  <span className="ml-auto min-w-6 rounded-full bg-danger px-1.5 py-0.5 text-center text-xs font-bold text-white">
                    {unreadAppointments}
                    <span className="sr-only"> unread</span>
                  </span>
                )}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
