/**
 * Profile Settings → Notifications, the seller's and the agent's: 'Notify me on this device' (the browser's
 * permission is asked only when it is pressed), the devices that are on with 'Turn off' for each, a switch per
 * optional kind (the others come with the device), and quiet hours, when non-urgent notifications wait.
 */
import { useState, type FormEvent } from 'react';
import { formatDate } from '@listwise/domain/format';
import { Button } from '@/components/button';
import { FormError } from '@/components/form-error';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/errors';
import {
  describeBrowser,
  pushSupported,
  rememberThisDevice,
  subscribeThisBrowser,
  thisDeviceId,
  unsubscribeThisBrowser,
} from '@/lib/push-subscription';
import {
  useAddPushDevice,
  usePushNotifications,
  useRemovePushDevice,
  useUpdatePushPreference,
  useUpdateQuietHours,
  type PushNotifications,
} from '@/components/account/push-notifications-api';
import { SettingSwitch } from '@/components/account/setting-switch';

const REFUSED = 'Notifications are blocked for Listwise in this browser. Allow them in the browser’s site settings, then try again.';
const FAILED = 'This browser could not switch notifications on. Please try again, or use another browser.';

export function PushNotificationsSection() {
  const [{ data, error: loadError }, reload] = usePushNotifications();
  const settings = data?.me?.pushNotifications;
  // Held here, not in the form: the settings read again after a save remount the form with the hours saved.
  const [quietHoursSaved, setQuietHoursSaved] = useState(false);
  return (
    <section aria-labelledby="push-notifications-title" className="rounded-xl border border-slate-200 bg-white p-6">
      <h2 id="push-notifications-title" className="text-xl font-semibold text-ink">
        Notifications
      </h2>
      <p className="mt-2 text-sm leading-6 text-ink-soft">
        Hear the moment something needs you, on this phone or computer. E-mails still reach you as before.
      </p>
      {settings ? (
        <>
          <Devices settings={settings} onChange={() => reload({ requestPolicy: 'network-only' })} />
          <Kinds settings={settings} onChange={() => reload({ requestPolicy: 'network-only' })} />
          <QuietHoursForm
            key={JSON.stringify(settings.quietHours)}
            settings={settings}
            saved={quietHoursSaved}
            onSaved={setQuietHoursSaved}
            onChange={() => reload({ requestPolicy: 'network-only' })}
          />
        </>
      ) : loadError ? (
        <FormError message={errorMessage(loadError)} />
      ) : (
        <div className="mt-5 flex justify-center text-brand-800">
          <Spinner label="Loading your notification settings" />
        </div>
      )}
    </section>
  );
}

function Devices({ settings, onChange }: { settings: PushNotifications; onChange: () => void }) {
  const [, add] = useAddPushDevice();
  const [, remove] = useRemovePushDevice();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const thisDevice = thisDeviceId();
  const isOnHere = !!thisDevice && settings.devices.some((d) => d.id === thisDevice);

  const turnOnHere = async () => {
    if (!settings.vapidPublicKey) return;
    setError(null);
    setNotice(null);
    setBusy('this');
    const outcome = await subscribeThisBrowser(settings.vapidPublicKey);
    if (!outcome.ok) {
      setBusy(null);
      setError(outcome.reason === 'denied' ? REFUSED : FAILED);
      return;
    }
    const result = await add({
      input: {
        ...outcome.subscription,
        browser: describeBrowser(navigator.userAgent),
        timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      },
    });
    setBusy(null);
    if (result.error || !result.data) return setError(result.error ? errorMessage(result.error) : FAILED);
    rememberThisDevice(result.data.addPushDevice.id);
    setNotice('Notifications are on for this device.');
    onChange();
  };

  const turnOff = async (id: string, browser: string) => {
    setError(null);
    setNotice(null);
    setBusy(id);
    const result = await remove({ id });
    if (!result.error && id === thisDevice) {
      rememberThisDevice(null);
      await unsubscribeThisBrowser();
    }
    setBusy(null);
    if (result.error) return setError(errorMessage(result.error));
    setNotice(`Notifications are off for ${browser}.`);
    onChange();
  };

  return (
    <div className="mt-5">
      <h3 className="font-semibold text-ink">Devices</h3>
      {settings.devices.length ? (
        <ul className="mt-3 flex flex-col divide-y divide-slate-200 border-y border-slate-200">
          {settings.devices.map((device) => (
            <li key={device.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <span className="min-w-0">
                <span className="block font-medium text-ink">
                  {device.browser}
                  {device.id === thisDevice && <span className="font-normal text-ink-soft"> (this device)</span>}
                </span>
                <span className="block text-sm text-ink-soft">Added {formatDate(String(device.addedAt))}</span>
              </span>
              <Button
                variant="secondary"
                width="auto"
                isLoading={busy === device.id}
                aria-label={`Turn off ${device.browser}, added ${formatDate(String(device.addedAt))}`}
                onClick={() => void turnOff(device.id, device.browser)}
              >
                Turn off
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm leading-6 text-ink-soft">Notifications are not on for any of your devices.</p>
      )}
      {!settings.vapidPublicKey ? (
        <p className="mt-4 text-sm leading-6 text-ink-soft">Notifications on devices are not available yet.</p>
      ) : !pushSupported() ? (
        <p className="mt-4 text-sm leading-6 text-ink-soft">
          This browser cannot show notifications. On an iPhone or iPad, add Listwise to your Home Screen first (Share, then ‘Add to Home
          Screen’), and open it from there.
        </p>
      ) : (
        !isOnHere && (
          <Button width="auto" className="mt-4" isLoading={busy === 'this'} onClick={() => void turnOnHere()}>
            Notify me on this device
          </Button>
        )
      )}
      <p role="status" className="mt-3 text-sm font-medium text-emerald-800 empty:hidden">
        {notice}
      </p>
      <FormError message={error} />
    </div>
  );
}

function Kinds({ settings, onChange }: { settings: PushNotifications; onChange: () => void }) {
  const [, update] = useUpdatePushPreference();
  const [saving, setSaving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const onToggle = async (kind: PushNotifications['kinds'][number]['kind'], enabled: boolean) => {
    setError(null);
    setSaving(kind);
    const result = await update({ kind, enabled });
    setSaving(null);
    if (result.error) return setError(errorMessage(result.error));
    onChange();
  };
  return (
    <div className="mt-6">
      <h3 className="font-semibold text-ink">What you are notified of</h3>
      <ul className="mt-3 flex flex-col divide-y divide-slate-200 border-y border-slate-200">
        {settings.kinds.map(({ kind, label, description, enabled, optional, emailCategoryOff }) => {
          const detail = emailCategoryOff ? `${description} Off with its e-mails in E-mail preferences.` : description;
          if (!optional) {
            return (
              <li key={kind} className="flex items-start justify-between gap-4 py-3">
                <span className="min-w-0">
                  <span className="block font-semibold text-ink">{label}</span>
                  <span className="mt-0.5 block text-sm leading-6 text-ink-soft">{detail}</span>
                </span>
                <span className="shrink-0 pt-0.5 text-sm font-medium text-ink-soft">Always on</span>
              </li>
            );
          }
          return (
            <li key={kind} className="py-3">
              <SettingSwitch
                id={`push-kind-${kind}`}
                label={label}
                description={detail}
                isSelected={enabled}
                isSaving={saving === kind}
                isDisabled={emailCategoryOff}
                onChange={(isSelected) => void onToggle(kind, isSelected)}
              />
            </li>
          );
        })}
      </ul>
      <FormError message={error} />
    </div>
  );
}

function QuietHoursForm(props: { settings: PushNotifications; saved: boolean; onSaved: (saved: boolean) => void; onChange: () => void }) {
  const { settings, saved, onSaved, onChange } = props;
  const [, update] = useUpdateQuietHours();
  const [enabled, setEnabled] = useState(settings.quietHours.enabled);
  const [start, setStart] = useState(settings.quietHours.start);
  const [end, setEnd] = useState(settings.quietHours.end);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { timeZone } = settings.quietHours;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    onSaved(false);
    setSaving(true);
    const result = await update({ enabled, start, end, timeZone });
    setSaving(false);
    if (result.error) return setError(errorMessage(result.error));
    onSaved(true);
    onChange();
  };

  return (
    <form onSubmit={(e) => void onSubmit(e)} className="mt-6" aria-labelledby="quiet-hours-title">
      <h3 id="quiet-hours-title" className="font-semibold text-ink">
        Quiet hours
      </h3>
      <p className="mt-1 text-sm leading-6 text-ink-soft">
        Notifications wait until quiet hours end, except changes to an appointment. Times are {timeZone.replace(/_/g, ' ')} time.
      </p>
      <label className="mt-3 flex items-center gap-2 text-ink">
        <input type="checkbox" checked={enabled} onChange={(e) => setEnabled(e.target.checked)} className="size-5 accent-brand-800" />
        Hold notifications during quiet hours
      </label>
      <div className="mt-3 flex flex-wrap gap-4">
        <TimeOfDayInput label="From" value={start} isDisabled={!enabled} onChange={setStart} />
        <TimeOfDayInput label="Until" value={end} isDisabled={!enabled} onChange={setEnd} />
      </div>
      <Button type="submit" variant="secondary" width="auto" className="mt-4" isLoading={saving}>
        Save quiet hours
      </Button>
      <p role="status" className="mt-3 text-sm font-medium text-emerald-800 empty:hidden">
        {saved ? 'Quiet hours saved.' : null}
      </p>
      <FormError message={error} />
    </form>
  );
}

function TimeOfDayInput(props: { label: string; value: string; isDisabled: boolean; onChange: (value: string) => void }) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium text-ink">
      {props.label}
      <input
        type="time"
        required
        value={props.value}
        disabled={props.isDisabled}
        onChange={(e) => props.onChange(e.target.value)}
        className="rounded-lg border border-slate-400 px-3 py-2 text-base disabled:bg-slate-100"
      />
    </label>
  );
}
