import { useLingui } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { signOut } from './signOut.ts';
import { useCurrentUser } from './current-user.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { DropdownMenu, MenuItem, MenuLabel, MenuSeparator } from '../../components/ui/DropdownMenu.tsx';
import { Avatar } from '../../components/layout/Avatar.tsx';
import { Icon } from '../../components/layout/icons.tsx';

export function AccountMenu() {
  const { t } = useLingui();
  const { user } = useCurrentUser();
  const [, navigate] = useLocation();
  const name = user?.username ?? '';
  return (
    <DropdownMenu
      trigger={
        // The name is the visible text where there is room; the button's name holds it (label in name, WCAG 2.5.3).
        <Button variant="ghost" size="bare" className="px-1.5 text-[13px]">
          <Avatar src={user?.avatar} name={name} />
          <span className="hidden max-w-32 truncate md:inline">{name}</span>
          <span className="sr-only">{t`Account menu`}</span>
        </Button>
      }
    >
      <MenuLabel>{name}</MenuLabel>
      <MenuSeparator />
      <MenuItem onSelect={() => navigate('/setting/security')}>
        <Icon name="shield" className="size-4" />
        {t`Security settings`}
      </MenuItem>
      <MenuItem
        onSelect={async () => {
          await signOut();
          navigate('/login', { replace: true });
        }}
      >
        <Icon name="logout" className="size-4" />
        {t`Sign out`}
      </MenuItem>
    </DropdownMenu>
  );
}
