/**
 * The agent's licence: number, state and the licensee's name, and where its check stands. Profile
 * settings save it on its own with `updateAgentLicence` (`LicenceForm`); the sign-up profile step puts the same
 * fields in its profile form and 'Save profile' saves both (`LicenceFields`). Optional: nothing else in
 * the funnel waits on it. Saving says it was received and shows the number on file.
 */
import { useId, useState } from 'react';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useMutation, useQuery } from 'urql';
import { zodResolver } from '@hookform/resolvers/zod';
import { graphql } from '@/generated/graphql';
import { AustralianState } from '@listwise/domain/enums';
import { formatCalendarDate, formatDate } from '@listwise/domain/format';
import { Button } from '@/components/button';
import { FieldError } from '@/components/field-error';
import { FormError } from '@/components/form-error';
import { TextField, inputClasses } from '@/components/text-field';
import { errorMessage } from '@/lib/errors';
import { showToast } from '@/lib/toast';
import { licenceFieldsSchema, type LicenceFieldValues, type LicenceInput } from '@/components/agent-profile/licence-fields-schema';
import type { AgentLicenceFieldsFragment } from '@/generated/graphql/graphql';

export type OwnLicence = AgentLicenceFieldsFragment;

export const AgentLicenceFields = graphql(`
  fragment AgentLicenceFields on AgentLicence {
    id
    number
    state
    licenseeName
    status
    verifiedAt
    rejectionReason
    expiresOn
    verifiedUntil
    isVerified
    isExpired
  }
`);

export const MyLicenceQuery = graphql(`
  query MyLicence {
    me {
      id
      agentProfile {
        id
        licence {
          ...AgentLicenceFields
        }
      }
    }
  }
`);

const UpdateAgentLicenceMutation = graphql(`
  mutation UpdateAgentLicence($licenceNumber: String!, $licenceState: State!, $licenseeName: String, $licenceExpiresOn: String!) {
    updateAgentLicence(
      licenceNumber: $licenceNumber
      licenceState: $licenceState
      licenseeName: $licenseeName
      licenceExpiresOn: $licenceExpiresOn
    ) {
      ...AgentLicenceFields
    }
  }
`);

export const licenceFieldValues = (licence: OwnLicence | null): LicenceFieldValues => ({
  number: licence?.number ?? '',
  state: licence?.state ?? '',
  licenseeName: licence?.licenseeName ?? '',
  expiresOn: licence?.expiresOn ?? '',
});

/** What saving says: the licence was received, with the number now on file. */
export const licenceReceivedMessage = (licence: Pick<OwnLicence, 'number' | 'state' | 'status'>) =>
  licence.status === 'VERIFIED'
    ? `Licence saved: ${licence.state} ${licence.number ?? ''} is on file and verified.`
    : `Licence received: ${licence.state} ${licence.number ?? ''} is on file. We check it on the public register and e-mail you when it is done.`;

/** Where the licence on file stands, with its number and expiry date. */
export function LicenceStatusLine({ licence }: { licence: OwnLicence }) {
  const onFile = (
    <span className="block text-ink">
      Licence on file:{' '}
      <strong>
        {licence.state} {licence.number}
      </strong>
      {licence.licenseeName ? ` (${licence.licenseeName})` : ''}
      {licence.expiresOn ? `, expires ${formatCalendarDate(licence.expiresOn)}` : ''}
    </span>
  );
  let standing;
  if (licence.isExpired) {
    standing = (
      <span className="text-danger">
        <strong>Licence expired.</strong>{' '}
        {licence.status === 'PENDING'
          ? 'We are checking your renewed licence. Until it is verified, sellers do not see the mark and no new appraisal requests reach you (your suburbs keep their place).'
          : 'Sellers no longer see the mark and no new appraisal requests reach you (your suburbs keep their place). Enter your renewed licence and its new expiry date: requests resume once we have verified it.'}
      </span>
    );
  } else if (licence.status === 'REJECTED') {
    standing = (
      <span className="text-danger">
        <strong>Licence not verified.</strong> {licence.rejectionReason} Correct the number or state and save to have it checked again.
      </span>
    );
  } else if (licence.status === 'PENDING' && licence.isVerified) {
    standing = (
      <span className="text-ink-soft">
        Renewal received: we check it on the state&apos;s public register. Sellers keep seeing &lsquo;Licence verified&rsquo;
        {licence.verifiedUntil ? ` until ${formatCalendarDate(licence.verifiedUntil)}` : ''} meanwhile.
      </span>
    );
  } else if (licence.isVerified) {
    standing = (
      <span className="font-semibold text-[#166534]">
        Licence verified{licence.verifiedAt ? ` on ${formatDate(licence.verifiedAt)}` : ''}: sellers see the mark.
        {licence.expiresOn ? '' : ' Add its expiry date so it stays verified.'}
      </span>
    );
  } else {
    standing = (
      <span className="text-ink-soft">
        Received: waiting for our team to check it on the state&apos;s public register. We e-mail you when it is done.
      </span>
    );
  }
  return (
    <p className="flex flex-col gap-1" role="status">
      {onFile}
      {standing}
    </p>
  );
}

/** Number, state, expiry and licensee's name, registered with the form they sit in. */
export function LicenceFields({
  register,
  errors,
}: {
  register: UseFormRegister<LicenceFieldValues>;
  errors: FieldErrors<LicenceFieldValues>;
}) {
  const stateId = useId();
  const stateError = errors.state?.message;
  return (
    <>
      <div className="grid gap-4 md:grid-cols-2">
        <TextField label="Licence number" error={errors.number?.message} autoComplete="off" {...register('number')} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={stateId} className="text-sm font-semibold text-ink">
            Licence state
          </label>
          <select
            id={stateId}
            aria-invalid={!!stateError || undefined}
            aria-describedby={stateError ? `${stateId}-error` : undefined}
            className={inputClasses(!!stateError)}
            {...register('state')}
          >
            <option value="">Choose a state</option>
            {Object.values(AustralianState).map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
          <FieldError id={`${stateId}-error`} message={stateError} />
        </div>
      </div>
      <TextField
        label="Licence expiry date"
        type="date"
        description="As shown on the licence. We remind you 30 and 7 days before it."
        error={errors.expiresOn?.message}
        className="md:max-w-xs"
        {...register('expiresOn')}
      />
      <TextField
        label="Licensee name (optional)"
        description="The name on the licence, if it is not yours (for example your agency's)."
        maxLength={196}
        error={errors.licenseeName?.message}
        {...register('licenseeName')}
      />
    </>
  );
}

/** The licence on its own (profile settings): 'Save licence'. */
export function LicenceForm() {
  const [{ data }] = useQuery({ query: MyLicenceQuery, requestPolicy: 'cache-and-network' });
  const licence = data?.me?.agentProfile?.licence ?? null;
  return (
    <LicenceFormBody key={licence ? `${licence.id}:${licence.number}:${licence.state}:${licence.expiresOn}` : 'new'} licence={licence} />
  );
}

function LicenceFormBody({ licence }: { licence: OwnLicence | null }) {
  const [serverError, setServerError] = useState<string | null>(null);
  const [, save] = useMutation(UpdateAgentLicenceMutation);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LicenceFieldValues, unknown, LicenceInput>({
    resolver: zodResolver(licenceFieldsSchema()),
    defaultValues: licenceFieldValues(licence),
  });

  const onSubmit = handleSubmit(async (input) => {
    setServerError(null);
    const result = await save(input);
    if (result.error || !result.data) return setServerError(errorMessage(result.error));
    showToast(licenceReceivedMessage(result.data.updateAgentLicence), { tone: 'success' });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Real estate licence" className="flex flex-col gap-4">
      {licence && <LicenceStatusLine licence={licence} />}
      <LicenceFields register={register} errors={errors} />
      <FormError message={serverError} />
      <div>
        <Button type="submit" variant="secondary" width="auto" isLoading={isSubmitting}>
          Save licence
        </Button>
      </div>
    </form>
  );
}
