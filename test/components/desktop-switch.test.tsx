import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { DesktopSwitch } from '@/components/notifications/desktop-switch';
import en from '@/messages/en.json';

/**
 * The drawer's desktop-notifications switch against the browser's permission. jsdom has neither
 * notifications nor service workers: both are given here as a browser has them.
 */
let permission: NotificationPermission;
const requestPermission = jest.fn<Promise<NotificationPermission>, []>();
const register = jest.fn(async () => ({}));

beforeEach(() => {
  localStorage.clear();
  requestPermission.mockReset();
  register.mockClear();
  Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
  Object.defineProperty(window, 'Notification', {
    configurable: true,
    value: {
      get permission() {
        return permission;
      },
      requestPermission,
    },
  });
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register, addEventListener: jest.fn(), removeEventListener: jest.fn() },
  });
});

const renderSwitch = () =>
  render(
    <NextIntlClientProvider locale="en" messages={en}>
      <DesktopSwitch />
    </NextIntlClientProvider>,
  );
const desktopSwitch = () => screen.getByRole('switch', { name: 'Desktop notifications' });

it('asks for the permission only when turned on, then registers the worker', async () => {
  permission = 'default';
  requestPermission.mockImplementation(async () => (permission = 'granted'));
  renderSwitch();
  expect(desktopSwitch()).not.toBeChecked();
  expect(requestPermission).not.toHaveBeenCalled();
  fireEvent.click(desktopSwitch());
  await waitFor(() => expect(desktopSwitch()).toBeChecked());
  expect(requestPermission).toHaveBeenCalledTimes(1);
  expect(register).toHaveBeenCalledWith('/notifications-sw.js', { scope: '/' });
});

it('says where to change a refused permission, and cannot be turned on', async () => {
  permission = 'default';
  requestPermission.mockImplementation(async () => (permission = 'denied'));
  renderSwitch();
  fireEvent.click(desktopSwitch());
  await waitFor(() => expect(desktopSwitch()).toBeDisabled());
  expect(desktopSwitch()).not.toBeChecked();
  expect(screen.getByText("Blocked in your browser's settings for this site.")).toBeVisible();
  expect(register).not.toHaveBeenCalled();
});

it('is turned off by the player while the permission stays granted, and on again without asking', async () => {
  permission = 'granted';
  renderSwitch();
  expect(desktopSwitch()).toBeChecked();
  fireEvent.click(desktopSwitch());
  expect(desktopSwitch()).not.toBeChecked();
  expect(localStorage.getItem('notifications.desktop')).toBe('off');
  fireEvent.click(desktopSwitch());
  await waitFor(() => expect(desktopSwitch()).toBeChecked());
  expect(requestPermission).not.toHaveBeenCalled();
});

it('is not drawn where the browser has no notifications', () => {
  permission = 'granted';
  Reflect.deleteProperty(window, 'Notification');
  const { container } = renderSwitch();
  expect(container).toBeEmptyDOMElement();
});
