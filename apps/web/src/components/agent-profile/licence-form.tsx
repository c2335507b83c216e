/**
 * The agent's licence (issue 12), in the sign-up profile step and in profile settings: number, state and the
 * licensee's name, saved with `updateAgentLicence`, and where its check stands. Optional: nothing else in the
 * funnel waits on it.
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

interface OwnLicence {
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

function StatusLine({ licence }: { licence: OwnLicence }) {
  if (licence.status === 'VERIFIED') {
    return (
      <p className="font-semibold text-[#166534]">
        Licence verified{licence.verifiedAt ? ` on ${formatDate(licence.verifiedAt)}` : ''}: sellers see the mark.
      </p>
    );
  }
  if (licence.status === 'REJECTED') {
    return (
      <p className="text-danger">
        <strong>Licence not verified.</strong> {licence.rejectionReason} Correct the number or state and save to have it checked again.
      </p>
    );
  }
  return <p className="text-ink-soft">Waiting for our team to check it on the state&apos;s public register.</p>;
}

export function LicenceForm() {
  const [{ data }] = useQuery({ query: MyLicenceQuery, requestPolicy: 'cache-and-network' });
  const licence = data?.me?.agentProfile?.licence ?? null;
  return <LicenceFormBody key={licence ? `${licence.id}:${licence.number}:${licence.state}` : 'new'} licence={licence} />;
}

function LicenceFormBody({ licence }: { licence: OwnLicence | null }) {
  const stateId = useId();
  const [number, setNumber] = useState(licence?.number ?? '');
  const [state, setState] = useState<AustralianState | ''>(licence?.state ?? '');
  const [licenseeName, setLicenseeName] = useState(licence?.licenseeName ?? '');
  const [errors, setErrors] = useState<{ number?: string; state?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [{ fetching }, save] = useMutation(UpdateAgentLicenceMutation);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    if (!state) return setErrors({ state: LICENCE_MESSAGES.stateRequired });
    const parsed = agentLicenceSchema.safeParse({ licenceNumber: number, licenceState: state, licenseeName });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return setErrors(issue.path[0] === 'licenceNumber' ? { number: issue.message } : { state: issue.message });
    }
    setErrors({});
    const result = await save({
      licenceNumber: parsed.data.licenceNumber,
      licenceState: parsed.data.licenceState,
      licenseeName: parsed.data.licenseeName,
    });
    if (result.error) return setServerError(errorMessage(result.error));
    showToast('Your licence has been saved', { tone: 'success' });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Real estate licence" className="flex flex-col gap-4">
      {licence && <StatusLine licence={licence} />}
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label="Licence number"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          error={errors.number}
          autoComplete="off"
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={stateId} className="text-sm font-semibold text-ink">
            Licence state
          </label>
          <select
            id={stateId}
            value={state}
            onChange={(e) => setState(e.target.value as AustralianState)}
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
        value={licenseeName}
        maxLength={196}
        onChange={(e) => setLicenseeName(e.target.value)}
      />
      <FormError message={serverError} />
      <div>
        <Button type="submit" variant="secondary" width="auto" isLoading={fetching}>
          Save licence
        </Button>
      </div>
    </form>
  );
}
