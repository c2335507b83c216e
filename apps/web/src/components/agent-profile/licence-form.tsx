/**
 * The agent's licence (issue 12): number, state and the licensee's name, and where its check stands. Profile
 * settings save it on its own with `updateAgentLicence` (`LicenceForm`); the sign-up profile step puts the same
 * fields in its profile form and 'Save profile' saves both (`LicenceFields`, issue 23). Optional: nothing else in
 * the funnel waits on it. Saving says it was received and shows the number on file.
 */
import { useId, useState, type FormEvent } from 'react';
import { gql, useMutation, useQuery } from 'urql';
import { LICENCE_MESSAGES, agentLicenceSchema, type AgentLicenceStatus } from '@listwise/domain/agent-licence';
import { AustralianState } from '@listwise/domain/enums';
import { formatDate } from '@listwise/domain/format';
import { Button } from '@/components/button';
import { FieldError } from '@/components/field-error';
import { FormError } from '@/components/form-error';
import { TextField, inputClasses } from '@/components/text-field';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';

export interface OwnLicence {
  id: string;
  number: string | null;
  state: AustralianState;
  licenseeName: string | null;
  status: AgentLicenceStatus;
  verifiedAt: string | null;
  rejectionReason: string | null;
}

const LICENCE_FIELDS = `
  id
  number
  state
  licenseeName
  status
  verifiedAt
  rejectionReason
`;

export const MyLicenceQuery = gql<
  { me: { id: string; agentProfile: { id: string; licence: OwnLicence | null } | null } | null },
  Record<string, never>
>`
  query MyLicence {
    me {
      id
      agentProfile {
        id
        licence {
          ${LICENCE_FIELDS}
        }
      }
    }
  }
`;

const UpdateAgentLicenceMutation = gql<
  { updateAgentLicence: OwnLicence },
  { licenceNumber: string; licenceState: AustralianState; licenseeName?: string | null }
>`
  mutation UpdateAgentLicence($licenceNumber: String!, $licenceState: State!, $licenseeName: String) {
    updateAgentLicence(licenceNumber: $licenceNumber, licenceState: $licenceState, licenseeName: $licenseeName) {
      ${LICENCE_FIELDS}
    }
  }
`;

/** What the agent typed, as the fields hold it. */
export interface LicenceFieldValues {
  number: string;
  state: AustralianState | '';
  licenseeName: string;
}
export type LicenceFieldErrors = { number?: string; state?: string };

export const licenceFieldValues = (licence: OwnLicence | null): LicenceFieldValues => ({
  number: licence?.number ?? '',
  state: licence?.state ?? '',
  licenseeName: licence?.licenseeName ?? '',
});

/** Nothing typed: the sign-up profile saves without a licence. */
export const isLicenceBlank = (values: LicenceFieldValues) => !values.number.trim() && !values.state;

/** The typed licence checked with the server's rules: the values to send, or the errors to show. */
export function checkLicenceFields(
  values: LicenceFieldValues,
):
  | { ok: true; input: { licenceNumber: string; licenceState: AustralianState; licenseeName: string | null } }
  | { ok: false; errors: LicenceFieldErrors } {
  if (!values.state) {
    return {
      ok: false,
      errors: values.number.trim()
        ? { state: LICENCE_MESSAGES.stateRequired }
        : { number: LICENCE_MESSAGES.numberRequired, state: LICENCE_MESSAGES.stateRequired },
    };
  }
  const parsed = agentLicenceSchema.safeParse({
    licenceNumber: values.number,
    licenceState: values.state,
    licenseeName: values.licenseeName,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, errors: issue.path[0] === 'licenceNumber' ? { number: issue.message } : { state: issue.message } };
  }
  return {
    ok: true,
    input: { licenceNumber: parsed.data.licenceNumber, licenceState: parsed.data.licenceState, licenseeName: parsed.data.licenseeName },
  };
}

/** What saving says (issue 23): the licence was received, with the number now on file. */
export const licenceReceivedMessage = (licence: Pick<OwnLicence, 'number' | 'state' | 'status'>) =>
  licence.status === 'VERIFIED'
    ? `Licence saved: ${licence.state} ${licence.number ?? ''} is on file and verified.`
    : `Licence received: ${licence.state} ${licence.number ?? ''} is on file. We check it on the public register and e-mail you when it is verified.`;

/** Where the licence on file stands, with its number. */
export function LicenceStatusLine({ licence }: { licence: OwnLicence }) {
  const onFile = (
    <span className="block text-ink">
      Licence on file:{' '}
      <strong>
        {licence.state} {licence.number}
      </strong>
      {licence.licenseeName ? ` (${licence.licenseeName})` : ''}
    </span>
  );
  if (licence.status === 'VERIFIED') {
    return (
      <p className="flex flex-col gap-1" role="status">
        {onFile}
        <span className="font-semibold text-[#166534]">
          Licence verified{licence.verifiedAt ? ` on ${formatDate(licence.verifiedAt)}` : ''}: sellers see the mark.
        </span>
      </p>
    );
  }
  if (licence.status === 'REJECTED') {
    return (
      <p className="flex flex-col gap-1" role="status">
        {onFile}
        <span className="text-danger">
          <strong>Licence not verified.</strong> {licence.rejectionReason} Correct the number or state and save to have it checked again.
        </span>
      </p>
    );
  }
  return (
    <p className="flex flex-col gap-1" role="status">
      {onFile}
      <span className="text-ink-soft">
        Received: waiting for our team to check it on the state&apos;s public register. We e-mail you when it is done.
      </span>
    </p>
  );
}

/** Number, state and licensee's name, controlled by the form they sit in. */
export function LicenceFields({
  values,
  errors,
  onChange,
}: {
  values: LicenceFieldValues;
  errors: LicenceFieldErrors;
  onChange: (values: LicenceFieldValues) => void;
}) {
  const stateId = useId();
  return (
    <>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label="Licence number"
          value={values.number}
          onChange={(e) => onChange({ ...values, number: e.target.value })}
          error={errors.number}
          autoComplete="off"
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={stateId} className="text-sm font-semibold text-ink">
            Licence state
          </label>
          <select
            id={stateId}
            value={values.state}
            onChange={(e) => onChange({ ...values, state: e.target.value as AustralianState | '' })}
            aria-invalid={!!errors.state || undefined}
            aria-describedby={errors.state ? `${stateId}-error` : undefined}
            className={inputClasses(!!errors.state)}
          >
            <option value="">Choose a state</option>
            {Object.values(AustralianState).map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          <FieldError id={`${stateId}-error`} message={errors.state} />
        </div>
      </div>
      <TextField
        label="Licensee name (optional)"
        description="The name on the licence, if it is not yours (for example your agency's)."
        value={values.licenseeName}
        maxLength={196}
        onChange={(e) => onChange({ ...values, licenseeName: e.target.value })}
      />
    </>
  );
}

/** The licence on its own (profile settings): 'Save licence'. */
export function LicenceForm() {
  const [{ data }] = useQuery({ query: MyLicenceQuery, requestPolicy: 'cache-and-network' });
  const licence = data?.me?.agentProfile?.licence ?? null;
  return <LicenceFormBody key={licence ? `${licence.id}:${licence.number}:${licence.state}` : 'new'} licence={licence} />;
}

function LicenceFormBody({ licence }: { licence: OwnLicence | null }) {
  const [values, setValues] = useState(() => licenceFieldValues(licence));
  const [errors, setErrors] = useState<LicenceFieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [{ fetching }, save] = useMutation(UpdateAgentLicenceMutation);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const checked = checkLicenceFields(values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    const result = await save(checked.input);
    if (result.error || !result.data) return setServerError(errorMessage(result.error));
    showToast(licenceReceivedMessage(result.data.updateAgentLicence), { tone: 'success' });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Real estate licence" className="flex flex-col gap-4">
      {licence && <LicenceStatusLine licence={licence} />}
      <LicenceFields values={values} errors={errors} onChange={setValues} />
      <FormError message={serverError} />
      <div>
        <Button type="submit" variant="secondary" width="auto" isLoading={fetching}>
          Save licence
        </Button>
      </div>
    </form>
  );
}
