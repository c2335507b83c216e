import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '@listwise/domain/constants';
import { HOW_WE_RANK_PATH } from '@listwise/domain/disclosure';
import { REVIEW_POLICY_PATH } from '@listwise/domain/reviews';
import { PUBLIC_SITE_NAV_LINKS, PUBLIC_SITE_PATHS } from '@listwise/domain/public-pages';

/**
 * The shell of every public page (docs/decisions/0014-public-pages.md): plain HTML rendered on the server with its
 * content, head tags and JSON-LD, and its whole stylesheet inline (a few KB), so a phone paints it from the first
 * response. One design for the whole public site, the web app's (its colours, wordmark, header and footer), so the
 * homepage, the marketing and legal pages and the suburb and agent pages read as one site. No script runs on these
 * pages: links and forms are plain HTML, and the phone menu is a <details> element.
 */

export interface Crumb {
  name: string;
  path: string;
}

export interface PageHead {
  title: string;
  description: string;
  /** Path of the canonical URL (made absolute with the app's URL). */
  canonicalPath: string;
  /** Absolute URL of the Open Graph / Twitter image. */
  image: string;
  imageAlt: string;
  noindex?: boolean;
  ogType?: 'website' | 'profile';
  breadcrumbs: Crumb[];
  /** Further JSON-LD objects besides the BreadcrumbList (the agent on profiles, the organisation on the homepage). */
  jsonLd?: object[];
  /** Marketing pages run their sections full width; the others sit in the reading column. */
  fullBleed?: boolean;
  /** Same-origin scripts the page loads, deferred (the homepage's address hand-off only). */
  scripts?: string[];
}

/** A page as a route gives it: its status (200 unless said), its head and its body. */
export interface PageContent {
  status?: number;
  /** Without a share image of its own (a profile without a photo among them), a page shares the site's. */
  head: Omit<PageHead, 'image' | 'imageAlt'> & { shareImage?: { url: string; alt: string } };
  body: ReactNode;
}

const STYLES = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#fff;display:flex;flex-direction:column;min-height:100vh}
a{color:#0f4c5c;text-underline-offset:3px}
a:hover{color:#0b3642}
a:focus-visible,button:focus-visible,input:focus-visible,summary:focus-visible{outline:3px solid #176b77;outline-offset:2px}
.sr{position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;clip:rect(0,0,0,0);white-space:nowrap;border:0}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:8px 12px;z-index:3}
.skip:focus{left:8px;top:8px}
.top{position:sticky;top:0;z-index:2;background:#fff;border-bottom:1px solid #e2e8f0}
.bar{max-width:1280px;margin:0 auto;padding:0 20px;min-height:64px;display:flex;gap:8px;align-items:center;justify-content:space-between}
.brand{display:inline-flex;align-items:center;gap:8px;font-weight:700;font-size:20px;letter-spacing:-.01em;color:#0b3642;text-decoration:none;padding:8px 0}
.brand svg{width:32px;height:32px}
.nav{display:none}
.nav ul,.menu ul{list-style:none;margin:0;padding:0}
.nav ul{display:flex;align-items:center;gap:4px}
.nav a{display:inline-block;padding:8px 10px;border-radius:6px;font-weight:500;font-size:15px;color:#0f172a;text-decoration:none}
.nav a:hover{background:#eef8f8;color:#0b3642}
.nav a[aria-current=page]{color:#0f4c5c;text-decoration:underline;text-decoration-thickness:2px;text-underline-offset:8px}
.nav .sep{width:1px;height:24px;background:#cbd5e1;margin:0 8px}
.nav a.btn{background:#0f4c5c;color:#fff;padding:8px 16px;border-radius:8px;font-weight:600;margin-left:4px}
.nav a.btn:hover{background:#0b3642;color:#fff}
.menu summary{list-style:none;cursor:pointer;border:1px solid #cbd5e1;border-radius:8px;padding:8px 14px;font-weight:600;font-size:15px}
.menu summary::-webkit-details-marker{display:none}
.menu[open] ul{position:absolute;left:0;right:0;top:64px;background:#fff;border-bottom:1px solid #e2e8f0;padding:8px 20px 20px}
.menu a{display:block;padding:12px 4px;font-size:17px;font-weight:500;color:#0f172a;text-decoration:none;border-bottom:1px solid #f1f5f9}
.wrap{max-width:1280px;margin:0 auto;padding:0 20px}
.column{max-width:960px;margin:0 auto;padding:16px 20px 40px;width:100%}
main{flex:1}
.crumbs ol{display:flex;flex-wrap:wrap;gap:4px;margin:0 0 4px;padding:0;list-style:none;font-size:14px}
.crumbs li+li:before{content:"/";margin-right:4px;color:#334155}
.crumbs a{display:inline-block;padding:4px 0}
h1{font-size:30px;line-height:1.2;letter-spacing:-.02em;margin:8px 0 12px}
h2{font-size:22px;line-height:1.3;letter-spacing:-.01em;margin:32px 0 10px}
h3{font-size:18px;line-height:1.35;margin:0}
p{margin:0 0 12px}
.lead{font-size:18px;color:#334155}
.cta{display:inline-block;background:#0f4c5c;color:#fff;font-weight:600;padding:12px 20px;border-radius:8px;text-decoration:none;margin:4px 8px 8px 0;text-align:center}
.cta:hover{background:#0b3642;color:#fff}
.cta.secondary{background:#fff;color:#0f4c5c;border:2px solid #0f4c5c;padding:10px 18px}
.cta.secondary:hover{background:#eef8f8;color:#0b3642}
.panel{background:#fff;border:1px solid #cbd5e1;border-radius:12px;padding:16px;margin:0 0 16px}
.cards{list-style:none;margin:0;padding:0;display:grid;gap:16px}
.card{display:grid;grid-template-columns:72px 1fr;gap:4px 16px;align-items:start}
.card img,.photo{width:72px;height:72px;border-radius:50%;object-fit:cover;background:#d3eeee;display:block}
.photo-lg{width:112px;height:112px;border-radius:50%;object-fit:cover;background:#d3eeee;display:block}
.card .body{min-width:0}
.meta{color:#334155;margin:2px 0 8px}
.muted{color:#334155;font-size:15px}
.tag{display:inline-block;font-size:14px;font-weight:600;color:#0b3642;background:#eef8f8;border:1px solid #a7dcdd;border-radius:999px;padding:2px 10px;margin:0 6px 6px 0}
dl.figures{display:grid;grid-template-columns:1fr;gap:6px;margin:8px 0 0}
dl.figures div{background:#f6f8fa;border-radius:6px;padding:8px 10px}
dt{font-size:14px;color:#334155}
dd{margin:0;font-weight:600}
.links{list-style:none;margin:0;padding:0;display:flex;flex-wrap:wrap;gap:8px 16px}
.links a{display:inline-block;padding:6px 0}
.cols{columns:2 160px;list-style:none;margin:0;padding:0}
.cols li{padding:4px 0;break-inside:avoid}
.note{font-size:15px;color:#334155}
.disclosure{font-size:15px;color:#334155;border-left:4px solid #a7dcdd;padding:4px 12px;margin:16px 0}
.cashback{background:#eef8f8;border:1px solid #a7dcdd;border-radius:12px;padding:12px 16px;margin:16px 0}
.pager{display:flex;gap:16px;margin:16px 0}
.rating{margin:2px 0 8px}
.alert-form label{display:block;font-weight:600;margin:0 0 4px}
.alert-form input,.start input{display:block;width:100%;max-width:420px;font:inherit;padding:10px 12px;border:1px solid #475569;border-radius:8px;margin:0 0 8px}
.alert-form button{font:inherit;font-weight:600;color:#0f4c5c;background:#fff;border:2px solid #0f4c5c;border-radius:8px;padding:10px 16px;cursor:pointer}
.error{color:#b42318;font-weight:600}
.stars{color:#92400e;letter-spacing:1px}
.reviews{list-style:none;margin:0;padding:0}
.review-text{white-space:pre-line;overflow-wrap:anywhere}
blockquote{margin:8px 0 0;padding:4px 12px;border-left:4px solid #cbd5e1}
.hero{background:#0b3642;color:#fff}
.hero .wrap{padding-top:48px;padding-bottom:48px}
.hero h1{font-size:34px;max-width:760px;margin:12px 0 0}
.hero .eyebrow{color:#a7dcdd}
.hero p.intro{font-size:18px;line-height:1.7;color:#fff;max-width:680px;margin:20px 0 0}
.hero a{color:#fff}
.hero a:focus-visible,.hero input:focus-visible,.hero button:focus-visible{outline-color:#fff}
.hero .cta{background:#fff;color:#0b3642}
.hero .cta:hover{background:#eef8f8}
.hero .cta.secondary{background:transparent;color:#fff;border-color:#fff}
.hero .actions{margin-top:28px}
.eyebrow{font-size:14px;font-weight:600;letter-spacing:.05em;text-transform:uppercase;color:#135a66;margin:0}
.start{margin-top:28px;max-width:680px}
.start label{display:block;font-weight:600;margin:0 0 6px}
.start .row{display:flex;flex-direction:column;gap:12px}
.start input{max-width:none;min-height:48px;font-size:18px;margin:0;border-color:#fff}
.start button{min-height:48px;font:inherit;font-weight:600;background:#fff;color:#0b3642;border:0;border-radius:8px;padding:0 24px;cursor:pointer}
.start button:hover{background:#eef8f8}
.section{padding:48px 0}
.section.tint{background:#f6f8fa}
.section h2{font-size:26px;margin:0}
.section .intro{max-width:760px;color:#334155;margin:12px 0 0}
.grid{list-style:none;margin:28px 0 0;padding:0;display:grid;gap:20px}
.grid>li,.grid>article{background:#fff;border:1px solid #e2e8f0;border-radius:16px;padding:20px}
.grid h3{font-size:18px}
.grid p{color:#334155;margin:6px 0 0;font-size:15.5px}
.feature>span{display:block;width:40px;height:4px;border-radius:4px;background:#176b77;margin-bottom:14px}
.steps{counter-reset:step}
.steps>li{display:flex;gap:16px}
.steps>li:before{counter-increment:step;content:counter(step);flex:none;width:36px;height:36px;border-radius:50%;background:#0f4c5c;color:#fff;font-weight:700;font-size:14px;display:flex;align-items:center;justify-content:center}
.grid p.price{font-size:30px;line-height:1.25;font-weight:700;color:#0b3642;margin:10px 0 0}
.price span{font-size:16px;font-weight:500;color:#334155}
.band{background:#eef8f8;padding:48px 0}
.band h2{font-size:26px;margin:0 0 8px}
.band p{color:#334155}
.checks li{padding-left:28px;position:relative}
.checks li:before{content:"";position:absolute;left:4px;top:7px;width:10px;height:5px;border-left:3px solid #0f4c5c;border-bottom:3px solid #0f4c5c;transform:rotate(-45deg)}
.example{background:#fff;color:#0f172a;border-radius:16px;padding:20px;margin-top:36px;max-width:420px}
.example ul{list-style:none;margin:8px 0 0;padding:0}
.example li{display:flex;justify-content:space-between;gap:12px;padding:10px 0;border-top:1px solid #f1f5f9}
.example .small{font-size:14px;color:#334155}
.example .eyebrow{color:#135a66}
.legal h2{font-size:22px}
.legal h3{font-size:18px;margin:24px 0 8px}
.legal p,.legal li{color:#1e293b}
.legal ul,.legal ol{padding-left:24px}
.tabs{display:flex;gap:8px;border-bottom:1px solid #cbd5e1;margin:24px 0 24px}
.tabs a{padding:10px 16px;font-weight:600;text-decoration:none;color:#334155;border-bottom:3px solid transparent;margin-bottom:-1px}
.tabs a[aria-current=page]{color:#0b3642;border-bottom-color:#0f4c5c}
footer{border-top:1px solid #e2e8f0;background:#f6f8fa;margin-top:0;font-size:14px;color:#334155}
footer .wrap{padding-top:32px;padding-bottom:32px}
footer ul{list-style:none;margin:0 0 16px;padding:0;display:flex;flex-wrap:wrap;gap:4px 20px}
footer ul a{display:inline-block;padding:6px 0;color:#334155;font-weight:500}
footer .legal-links{border-top:1px solid #e2e8f0;padding-top:16px;margin-top:16px;display:flex;flex-wrap:wrap;justify-content:space-between;gap:8px}
footer .legal-links ul{margin:0}
@media (min-width:720px){h1{font-size:36px}dl.figures{grid-template-columns:repeat(3,1fr)}.card{grid-template-columns:96px 1fr}.card img{width:96px;height:96px}
.hero h1{font-size:48px}.hero .wrap{padding-top:80px;padding-bottom:80px}.start .row{flex-direction:row}.start input{flex:1}
.grid.c2,.grid.c3,.grid.c4{grid-template-columns:repeat(2,1fr)}.section{padding:64px 0}.band .wrap{display:flex;align-items:center;justify-content:space-between;gap:24px}
.wrap,.column{padding-left:32px;padding-right:32px}}
@media (min-width:900px){.nav{display:block}.menu{display:none}.grid.c3{grid-template-columns:repeat(3,1fr)}.grid.c4{grid-template-columns:repeat(4,1fr)}
.hero-grid{display:grid;grid-template-columns:minmax(0,1fr) 26rem;gap:40px;align-items:center}.hero-grid .example{margin-top:0}}
`;

/** JSON in a script element: `<` escaped so no text can close the element early. */
const jsonLdScript = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c');

export function breadcrumbList(appUrl: string, crumbs: Crumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: `${appUrl}${crumb.path}` })),
  };
}

/** The wordmark: the web app's logo (components/logo.tsx), drawn inline so it costs no request. */
function Brand() {
  return (
    <a className="brand" href="/" aria-label="Listwise home">
      <svg viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="#0f4c5c" />
        <path d="M9 8h3.2v13.2H23V24H9z" fill="#ffffff" />
        <circle cx="22" cy="11" r="3" fill="#2dd4bf" />
      </svg>
      Listwise
    </a>
  );
}

/** The section of the site a path belongs to, so its link says aria-current. */
const isCurrent = (linkPath: string, canonicalPath: string) =>
  canonicalPath === linkPath || (linkPath === PUBLIC_SITE_PATHS.findAgents && /^\/agents?(\/|$)/.test(canonicalPath));

function SiteHeader({ canonicalPath }: { canonicalPath: string }) {
  const links = PUBLIC_SITE_NAV_LINKS.map((link) => (
    <li key={link.path}>
      <a href={link.path} aria-current={isCurrent(link.path, canonicalPath) ? 'page' : undefined}>
        {link.label}
      </a>
    </li>
  ));
  return (
    <header className="top">
      <div className="bar">
        <Brand />
        <nav className="nav" aria-label="Main">
          <ul>
            {links}
            <li className="sep" aria-hidden="true" />
            <li>
              <a href="/login">Log in</a>
            </li>
            <li>
              <a className="btn" href="/get-started">
                Sign up
              </a>
            </li>
          </ul>
        </nav>
        <details className="menu">
          <summary>Menu</summary>
          <nav aria-label="Main menu">
            <ul>
              {links}
              <li>
                <a href="/login">Log in</a>
              </li>
              <li>
                <a href="/get-started">Sign up</a>
              </li>
            </ul>
          </nav>
        </details>
      </div>
    </header>
  );
}

function SiteFooter() {
  return (
    <footer>
      <div className="wrap">
        <nav aria-label="Footer">
          <ul>
            {PUBLIC_SITE_NAV_LINKS.map((link) => (
              <li key={link.path}>
                <a href={link.path}>{link.label}</a>
              </li>
            ))}
            <li>
              <a href={HOW_WE_RANK_PATH}>How we rank agents and make money</a>
            </li>
          </ul>
        </nav>
        <p>
          Need help? Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or call{' '}
          <a href={`tel:${SUPPORT_PHONE.replace(/\s+/g, '')}`}>{SUPPORT_PHONE}</a>.
        </p>
        <div className="legal-links">
          <p>© Listwise. All rights reserved.</p>
          <ul aria-label="Legal">
            <li>
              <a href={PUBLIC_SITE_PATHS.terms}>Terms &amp; Conditions</a>
            </li>
            <li>
              <a href={PUBLIC_SITE_PATHS.privacy}>Privacy Policy</a>
            </li>
            <li>
              <a href={REVIEW_POLICY_PATH}>Review policy</a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}

function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav className="crumbs" aria-label="Breadcrumb">
      <ol>
        {crumbs.map((crumb, i) => (
          <li key={crumb.path}>
            {i === crumbs.length - 1 ? <span aria-current="page">{crumb.name}</span> : <a href={crumb.path}>{crumb.name}</a>}
          </li>
        ))}
      </ol>
    </nav>
  );
}

function Document({ appUrl, head, children }: { appUrl: string; head: PageHead; children: ReactNode }) {
  const canonical = `${appUrl}${head.canonicalPath}`;
  const jsonLd = [...(head.breadcrumbs.length > 1 ? [breadcrumbList(appUrl, head.breadcrumbs)] : []), ...(head.jsonLd ?? [])];
  return (
    <html lang="en-AU">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        <meta name="description" content={head.description} />
        <link rel="canonical" href={canonical} />
        {head.noindex && <meta name="robots" content="noindex, follow" />}
        <meta property="og:site_name" content="Listwise" />
        <meta property="og:type" content={head.ogType ?? 'website'} />
        <meta property="og:title" content={head.title} />
        <meta property="og:description" content={head.description} />
        <meta property="og:url" content={canonical} />
        <meta property="og:image" content={head.image} />
        <meta property="og:image:alt" content={head.imageAlt} />
        <meta property="og:locale" content="en_AU" />
        <meta name="twitter:card" content="summary_large_image" />
        <meta name="twitter:title" content={head.title} />
        <meta name="twitter:description" content={head.description} />
        <meta name="twitter:image" content={head.image} />
        <meta name="twitter:image:alt" content={head.imageAlt} />
        <meta name="theme-color" content="#0f4c5c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <style dangerouslySetInnerHTML={{ __html: STYLES }} />
        {head.scripts?.map((src) => (
          <script key={src} src={src} defer />
        ))}
        {jsonLd.map((value, i) => (
          <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(value) }} />
        ))}
      </head>
      <body>
        <a className="skip" href="#main">
          Skip to content
        </a>
        <SiteHeader canonicalPath={head.canonicalPath.split('?')[0]!} />
        {head.fullBleed ? (
          <main id="main">{children}</main>
        ) : (
          <main id="main" className="column">
            {head.breadcrumbs.length > 1 && <Breadcrumbs crumbs={head.breadcrumbs} />}
            {children}
          </main>
        )}
        <SiteFooter />
      </body>
    </html>
  );
}

/** The whole page as HTML text. */
export function renderPage(appUrl: string, head: PageHead, body: ReactNode): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(
    <Document appUrl={appUrl} head={head}>
      {body}
    </Document>,
  )}`;
}
