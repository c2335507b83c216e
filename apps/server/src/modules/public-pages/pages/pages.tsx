import { STATE_NAMES } from '../public-urls.ts';
import type { MoneyDisclosure } from '@listwise/domain/disclosure';
import {
  AGENT_JOIN_ALERT_ANCHOR,
  MIN_APPRAISALS_FOR_RESPONSE_TIME,
  MIN_SALES_FOR_TRACK_RECORD,
  RANKING_STEPS,
  PUBLIC_SITE_PATHS,
  noAgentServesText,
  agentsServeText,
  agentsWithoutPublicProfileText,
  agentsYouCanAskText,
  MIN_PROPERTIES_FOR_SUBURB_EVIDENCE,
  PUBLIC_FIGURES_WINDOW_MONTHS,
} from '@listwise/domain/public-pages';
import { SUPPORT_EMAIL } from '@listwise/domain/constants';
import { formatDollars } from '@listwise/domain/format';
import { CashbackNote, type SiteFigures } from './site-parts.tsx';
import type { SuburbEvidence } from '../suburb-evidence.service.ts';
import {
  AgentFigures,
  AgentPhoto,
  AgentTags,
  NewOnListwiseNote,
  ReviewSummaryLine,
  ShortDisclosure,
  type AgentView,
} from './agent-parts.tsx';

/** The bodies of the public pages (the head and shell are layout.tsx's). */

export interface SuburbLink {
  label: string;
  path: string;
  agentCount?: number;
}

export function StatesPage({ states, figures }: { states: { state: string; path: string; suburbCount: number }[]; figures: SiteFigures }) {
  return (
    <>
      <h1>Find real estate agents by state</h1>
      <p className="lead">
        Local agents on Listwise, with figures from our own records: how many appraisals each sent, how fast, and how close their appraisals
        came to the prices their sales reached.
      </p>
      {states.length ? (
        <ul className="links">
          {states.map((s) => (
            <li key={s.state}>
              <a href={s.path}>
                {STATE_NAMES[s.state] ?? s.state} ({s.suburbCount} {s.suburbCount === 1 ? 'suburb' : 'suburbs'})
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p>No agent serves a suburb on Listwise yet.</p>
      )}
      <CashbackNote figures={figures} />
      <p>
        <a className="cta" href="/new-property/address">
          Get appraisals for your property
        </a>
      </p>
    </>
  );
}

export function StatePage(props: {
  stateName: string;
  suburbs: SuburbLink[];
  page: number;
  pageCount: number;
  pagePath: (page: number) => string;
  figures: SiteFigures;
}) {
  return (
    <>
      <h1>Real estate agents in {props.stateName}</h1>
      <p className="lead">
        Suburbs of {props.stateName} where you can ask agents on Listwise for a free appraisal, each with how many you can ask: the agents
        you choose from when you list your property. A suburb&apos;s page shows the profiles its agents made public.
      </p>
      {props.suburbs.length ? (
        <ul className="cols">
          {props.suburbs.map((s) => (
            <li key={s.path}>
              <a href={s.path}>{s.label}</a> ({agentsYouCanAskText(s.agentCount ?? 0)})
            </li>
          ))}
        </ul>
      ) : (
        <p>No agent serves a suburb of {props.stateName} on Listwise yet.</p>
      )}
      <CashbackNote figures={props.figures} />
      {props.pageCount > 1 && (
        <nav className="pager" aria-label="Pages">
          {props.page > 1 && <a href={props.pagePath(props.page - 1)}>Previous page</a>}
          <span>
            Page {props.page} of {props.pageCount}
          </span>
          {props.page < props.pageCount && <a href={props.pagePath(props.page + 1)}>Next page</a>}
        </nav>
      )}
    </>
  );
}

export interface SuburbPageProps {
  suburbName: string;
  suburbLabel: string;
  /** The agents with a public profile, listed. */
  agents: AgentView[];
  /** How many agents a seller can ask in the suburb (the wizard's count): the listed ones and any without a public profile. */
  askableAgentCount: number;
  listingsLast90Days: number | null;
  nearby: SuburbLink[];
  startListingPath: string;
  /** Where 'Tell me when an agent joins' posts (shown while no agent a seller can ask serves the suburb). */
  alertPath: string;
  disclosure: MoneyDisclosure;
  evidence: SuburbEvidence;
  figures: SiteFigures;
}

/**
 * 'Tell me when an agent joins': a plain form (no script), posted to the server, which answers with a page. One
 * e-mail when an agent joins, then nothing more.
 */
export function AgentJoinAlertForm(props: { suburbName: string; action: string; email?: string; error?: string }) {
  return (
    <form id={AGENT_JOIN_ALERT_ANCHOR} method="post" action={props.action} className="panel alert-form">
      <h2 id="alert-heading">Tell me when an agent joins</h2>
      <p>We send one e-mail when an agent who serves {props.suburbName} joins Listwise, and nothing else.</p>
      <label htmlFor="alert-email">Email address</label>
      <input
        id="alert-email"
        type="email"
        name="email"
        required
        maxLength={196}
        autoComplete="email"
        defaultValue={props.email}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? 'alert-error alert-notice' : 'alert-notice'}
      />
      {props.error && (
        <p id="alert-error" className="error">
          {props.error}
        </p>
      )}
      <AgentJoinAlertNotice suburbName={props.suburbName} />
      <button type="submit">Tell me when an agent joins</button>
    </form>
  );
}

/**
 * The alert's collection notice (APP 5): what is kept, why, who sees it and how to stop it, beside the field that
 * collects it and again on the answer page.
 */
function AgentJoinAlertNotice({ suburbName }: { suburbName: string }) {
  return (
    <p className="note" id="alert-notice">
      <strong>Your information:</strong> we keep your e-mail address and {suburbName} only to send you that one e-mail. Nobody else sees it:
      not agents, not other visitors. Once it is sent the alert is spent. To stop it before then, or to have your address removed, e-mail{' '}
      <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. Read our <a href={PUBLIC_SITE_PATHS.privacy}>privacy policy</a> for more,
      including how to complain.
    </p>
  );
}

/**
 * What the form's post answers: the confirmation (the address it goes to, what happens next, the notice again), or
 * refused for now. A page of its own, so it works without JavaScript.
 */
export function AgentJoinAlertDonePage(props: {
  suburbName: string;
  suburbPath: string;
  startListingPath: string;
  email?: string;
  isLimited?: boolean;
}) {
  return (
    <>
      <h1>{props.isLimited ? 'Too many requests' : `We will tell you when an agent joins in ${props.suburbName}`}</h1>
      <p className="lead">
        {props.isLimited
          ? 'Too many alerts were asked for from here. Please try again later.'
          : `Done: we will send one e-mail${props.email ? ` to ${props.email}` : ''} when an agent who serves ${props.suburbName} joins Listwise. Nothing else is sent.`}
      </p>
      {!props.isLimited && <AgentJoinAlertNotice suburbName={props.suburbName} />}
      <p>
        <a className="cta" href={props.startListingPath}>
          List your {props.suburbName} property
        </a>
      </p>
      <p>
        <a href={props.suburbPath}>Back to {props.suburbName}</a>
      </p>
    </>
  );
}

export function SuburbPage(props: SuburbPageProps) {
  const { agents, askableAgentCount: askable } = props;
  return (
    <>
      <h1>Real estate agents in {props.suburbLabel}</h1>
      <p className="lead">
        {askable
          ? `${agentsServeText(askable, props.suburbName)} on Listwise: you can ask up to five for a free appraisal. ${agentsWithoutPublicProfileText(askable, agents.length)}`.trimEnd()
          : `${noAgentServesText(props.suburbName)}.`}
        {props.listingsLast90Days !== null &&
          ` Listings on Listwise in ${props.suburbName} in the last 90 days: ${props.listingsLast90Days}.`}
      </p>
      <CashbackNote figures={props.figures} />
      <p>
        <a className="cta" href={props.startListingPath}>
          {askable ? `Ask ${props.suburbName} agents for an appraisal` : `List your ${props.suburbName} property`}
        </a>
      </p>
      {!askable && (
        <>
          <p>
            Start your listing now: when an agent who serves {props.suburbName} joins, you can ask them from your listing, and until then
            you can ask agents of a nearby suburb.
          </p>
          <AgentJoinAlertForm suburbName={props.suburbName} action={props.alertPath} />
        </>
      )}
      {agents.length > 0 && (
        <>
          <h2>Agents who serve {props.suburbName}</h2>
          <p className="note">
            In the order described in <a href="/how-we-rank">how we rank</a>: track record first (from {MIN_SALES_FOR_TRACK_RECORD}{' '}
            confirmed sales), then the median time to appraise (from {MIN_APPRAISALS_FOR_RESPONSE_TIME} appraisals).
          </p>
          <ol className="cards">
            {agents.map((agent, i) => (
              <li key={agent.path} className="panel card">
                <AgentPhoto agent={agent} eager={i < 2} />
                <div className="body">
                  <h3>
                    <a href={agent.path}>{agent.name}</a>
                  </h3>
                  <p className="meta">{agent.agencyName}</p>
                  <AgentTags agent={agent} />
                  <ReviewSummaryLine summary={agent.reviewSummary} />
                  <AgentFigures figures={agent.figures} />
                  <NewOnListwiseNote agent={agent} />
                </div>
              </li>
            ))}
          </ol>
        </>
      )}
      <SuburbEvidenceSection suburbName={props.suburbName} evidence={props.evidence} />
      <ShortDisclosure disclosure={props.disclosure} />
      {props.nearby.length > 0 && (
        <>
          <h2>{agents.length ? 'Nearby suburbs with agents' : 'Nearest suburbs with agents'}</h2>
          <ul className="links">
            {props.nearby.map((s) => (
              <li key={s.path}>
                <a href={s.path}>{s.label}</a>
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/**
 * Listwise's own market evidence for the suburb, each figure only where it covers enough properties; otherwise one
 * muted line says when it appears.
 */
function SuburbEvidenceSection({ suburbName, evidence }: { suburbName: string; evidence: SuburbEvidence }) {
  const { requests, appraisedRange, sales } = evidence;
  return (
    <section aria-labelledby="evidence-title">
      <h2 id="evidence-title">
        {suburbName} on Listwise in the last {PUBLIC_FIGURES_WINDOW_MONTHS} months
      </h2>
      {requests || appraisedRange || sales ? (
        <dl className="figures">
          {requests && (
            <div>
              <dt>Appraisal requests from sellers</dt>
              <dd>
                {requests.count} for {requests.properties} properties
              </dd>
            </div>
          )}
          {appraisedRange && (
            <div>
              <dt>Median appraised range</dt>
              <dd>
                {formatDollars(appraisedRange.medianMinDollars)} – {formatDollars(appraisedRange.medianMaxDollars)}
              </dd>
            </div>
          )}
          {sales && (
            <div>
              <dt>Confirmed sales against their appraisals</dt>
              <dd>
                {sales.withinRange} of {sales.confirmed} within the appraised range, {sales.above} above, {sales.below} below
              </dd>
            </div>
          )}
        </dl>
      ) : null}
      {!(requests && appraisedRange && sales) && (
        <p className="muted">
          Listwise&apos;s own figures for {suburbName} (appraisal requests, appraised ranges and how sales landed) appear once each covers
          at least {MIN_PROPERTIES_FOR_SUBURB_EVIDENCE} properties, so no seller can be singled out.
        </p>
      )}
    </section>
  );
}

export function HowWeRankPage({ disclosure }: { disclosure: MoneyDisclosure }) {
  return (
    <>
      <h1>How we rank agents</h1>
      <p className="lead">
        Every suburb page lists the agents who serve that suburb and chose to show a public profile, once an operator has checked their
        licence against the state's register. This is the order they appear in.
      </p>
      <ol>
        {RANKING_STEPS.map((step) => (
          <li key={step}>
            <p>{step}</p>
          </li>
        ))}
      </ol>
      <h2>Minimum samples</h2>
      <p>
        A track record is shown from {MIN_SALES_FOR_TRACK_RECORD} confirmed sales, and a median time to appraise from{' '}
        {MIN_APPRAISALS_FOR_RESPONSE_TIME} appraisals sent, so one sale or one quick answer does not brand an agent. Below that the page
        shows no figure: one line says the agent is new on Listwise and what appears when. A suburb&apos;s own figures (appraisal requests,
        appraised ranges, sales against their appraisals) show only when each covers at least {MIN_PROPERTIES_FOR_SUBURB_EVIDENCE}{' '}
        properties, and its listings are counted only from 3, so no seller can be singled out.
      </p>
      <h2 id="how-listwise-makes-money">{disclosure.heading}</h2>
      {disclosure.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <p>The order above uses only Listwise's figures: what an agent pays never moves them up or down.</p>
    </>
  );
}

export function NotFoundPage() {
  return (
    <>
      <h1>Page not found</h1>
      <p className="lead">There is no page at this address. It may have been mistyped, or the page has moved.</p>
      <p>A suburb, state or agent may be spelled differently, or the agent&apos;s profile is not public any more. These may help:</p>
      <ul>
        <li>
          <a href={PUBLIC_SITE_PATHS.home}>The Listwise homepage</a>
        </li>
        <li>
          <a href={PUBLIC_SITE_PATHS.findAgents}>Find agents by state and suburb</a>
        </li>
        <li>
          <a href="/new-property/address">Get free appraisals for your property</a>
        </li>
        <li>
          <a href={PUBLIC_SITE_PATHS.howItWorks}>How Listwise works</a>
        </li>
        <li>
          <a href="/login">Log in to your account</a>
        </li>
      </ul>
    </>
  );
}
