/**
 * /unsubscribe/:token — the link in an optional e-mail's footer. Opening it changes nothing: the
 * page says which e-mails the link stops and asks first, so a mail scanner following links unsubscribes nobody; the
 * 'Unsubscribe' button stops them at once, without signing in. A mail client's own one-click button POSTs the same
 * address (RFC 8058). A forged or already used link changes nothing and says so.
 */
import { useState } from 'react';
import { useParams } from 'react-router';
import { useMutation, useQuery } from 'urql';
import { EMAIL_CATEGORY_LABELS, type EmailCategory } from '@listwise/domain/email-categories';
import { ERROR_MESSAGES, FALLBACK_MESSAGES } from '@listwise/domain/errors';
import { Button, ButtonLink } from '@/components/button';
import { FormError } from '@/components/form-error';
import { PageSpinner } from '@/components/spinner';
import { UnsubscribeLinkQuery, UnsubscribeWithLinkMutation } from '@/components/account/email-preferences-api';
import { errorCode, errorMessage, isNetworkFailure } from '@/lib/errors';
import { AuthCard, AuthIcons } from '@/features/auth/components/auth-card';

const SETTINGS_HINT = 'You can choose which e-mails you receive in your profile settings.';

const categoryName = (category: EmailCategory) => EMAIL_CATEGORY_LABELS[category].label.toLowerCase();

const GoToListwise = () => (
  <ButtonLink to="/" width="full" variant="secondary">
    Go to Listwise
  </ButtonLink>
);

/** A link that cannot be used: what the server said, and that nothing changed. */
function RefusedLink({ code }: { code: 'unsubscribe_link_invalid' | 'unsubscribe_link_already_used' }) {
  const title = code === 'unsubscribe_link_invalid' ? 'This unsubscribe link is not valid' : 'This unsubscribe link was already used';
  return (
    <AuthCard icon={AuthIcons.warning} title={title} description={`${ERROR_MESSAGES[code]}. ${SETTINGS_HINT}`}>
      <GoToListwise />
    </AuthCard>
  );
}

export default function UnsubscribeRoute() {
  const { token = '' } = useParams();
  const [{ data, error, fetching }, reload] = useQuery({
    query: UnsubscribeLinkQuery,
    variables: { token },
    requestPolicy: 'network-only',
  });
  const [unsubscribed, unsubscribe] = useMutation(UnsubscribeWithLinkMutation);
  const [done, setDone] = useState<EmailCategory | null>(null);

  if (done) {
    return (
      <AuthCard
        icon={AuthIcons.check}
        title="You are unsubscribed"
        description={`You will no longer receive ${categoryName(done)} e-mails from Listwise. You can switch them back on in your profile settings.`}
      >
        <GoToListwise />
      </AuthCard>
    );
  }
  const refusal = errorCode(unsubscribed.error) ?? errorCode(error);
  if (refusal === 'unsubscribe_link_invalid' || refusal === 'unsubscribe_link_already_used') return <RefusedLink code={refusal} />;
  if (error && !data) {
    return (
      <AuthCard
        icon={AuthIcons.warning}
        title="We could not open this link"
        description={isNetworkFailure(error) ? FALLBACK_MESSAGES.network : errorMessage(error)}
      >
        <Button width="full" onClick={() => reload({ requestPolicy: 'network-only' })}>
          Try again
        </Button>
      </AuthCard>
    );
  }
  if (!data || fetching) return <PageSpinner label="Opening your unsubscribe link" />;

  const category = data.unsubscribeLink.category;
  const { description } = EMAIL_CATEGORY_LABELS[category];
  return (
    <AuthCard
      icon={AuthIcons.mail}
      title={`Stop ${categoryName(category)} e-mails?`}
      description={
        <>
          <p>{description}</p>
          <p className="mt-2">E-mails about your account, requests, appraisals and payments still reach you.</p>
        </>
      }
    >
      <div className="flex flex-col gap-3">
        <FormError message={unsubscribed.error ? errorMessage(unsubscribed.error) : null} />
        <Button
          width="full"
          isLoading={unsubscribed.fetching}
          onClick={async () => {
            const result = await unsubscribe({ token });
            if (result.data) setDone(result.data.unsubscribeWithLink.category);
          }}
        >
          Unsubscribe
        </Button>
        <GoToListwise />
      </div>
    </AuthCard>
  );
}
