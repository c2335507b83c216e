import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';

/**
 * The shell of every public page (docs/decisions/0014-public-pages.md): plain HTML rendered on the server with its
 * content, head tags and JSON-LD, and its whole stylesheet inline (a few KB), so a phone paints it from the first
 * response. No script runs on these pages; links and forms are plain HTML.
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
  /** Further JSON-LD objects besides the BreadcrumbList (RealEstateAgent on profiles). */
  jsonLd?: object[];
}

const STYLES = `
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:16px/1.55 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#0f172a;background:#f6f8fa}
a{color:#135a66;text-underline-offset:2px}
a:hover{color:#0b3642}
a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid #176b77;outline-offset:2px}
.skip{position:absolute;left:-999px;top:0;background:#fff;padding:8px 12px;z-index:2}
.skip:focus{left:8px;top:8px}
.top{background:#fff;border-bottom:1px solid #cbd5e1}
.bar{max-width:1040px;margin:0 auto;padding:10px 16px;display:flex;flex-wrap:wrap;gap:8px 20px;align-items:center;justify-content:space-between}
.brand{font-weight:700;font-size:20px;color:#0f4c5c;text-decoration:none;padding:6px 0}
.nav{display:flex;flex-wrap:wrap;gap:4px 16px;margin:0;padding:0;list-style:none}
.nav a{display:inline-block;padding:8px 2px}
.wrap{max-width:1040px;margin:0 auto;padding:16px}
.crumbs ol{display:flex;flex-wrap:wrap;gap:4px;margin:0;padding:0;list-style:none;font-size:14px}
.crumbs li+li:before{content:"/";margin-right:4px;color:#334155}
.crumbs a{display:inline-block;padding:4px 0}
h1{font-size:28px;line-height:1.2;margin:8px 0 12px}
h2{font-size:20px;line-height:1.3;margin:28px 0 10px}
h3{font-size:18px;margin:0}
p{margin:0 0 12px}
.lead{font-size:18px;color:#334155}
.cta{display:inline-block;background:#0f4c5c;color:#fff;font-weight:600;padding:12px 20px;border-radius:8px;text-decoration:none;margin:4px 0 8px}
.cta:hover{background:#0b3642;color:#fff}
.panel{background:#fff;border:1px solid #cbd5e1;border-radius:10px;padding:16px;margin:0 0 16px}
.cards{list-style:none;margin:0;padding:0;display:grid;gap:16px}
.card{display:grid;grid-template-columns:72px 1fr;gap:4px 16px;align-items:start}
.card img,.photo{width:72px;height:72px;border-radius:50%;object-fit:cover;background:#d3eeee}
.photo-lg{width:112px;height:112px;border-radius:50%;object-fit:cover;background:#d3eeee}
.card .body{min-width:0}
.meta{color:#334155;margin:2px 0 8px}
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
.pager{display:flex;gap:16px;margin:16px 0}
.rating{margin:2px 0 8px}
.alert-form label{display:block;font-weight:600;margin:0 0 4px}
.alert-form input{display:block;width:100%;max-width:420px;font:inherit;padding:10px 12px;border:1px solid #475569;border-radius:8px;margin:0 0 8px}
.alert-form button{font:inherit;font-weight:600;color:#0f4c5c;background:#fff;border:2px solid #0f4c5c;border-radius:8px;padding:10px 16px;cursor:pointer}
.error{color:#b42318;font-weight:600}
.stars{color:#92400e;letter-spacing:1px}
.reviews{list-style:none;margin:0;padding:0}
.review-text{white-space:pre-line;overflow-wrap:anywhere}
blockquote{margin:8px 0 0;padding:4px 12px;border-left:4px solid #cbd5e1}
footer{border-top:1px solid #cbd5e1;background:#fff;margin-top:32px}
footer .wrap{font-size:14px;color:#334155}
@media (min-width:720px){h1{font-size:34px}dl.figures{grid-template-columns:repeat(3,1fr)}.card{grid-template-columns:96px 1fr}.card img{width:96px;height:96px}}
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

function Document({ appUrl, head, children }: { appUrl: string; head: PageHead; children: ReactNode }) {
  const canonical = `${appUrl}${head.canonicalPath}`;
  const jsonLd = [breadcrumbList(appUrl, head.breadcrumbs), ...(head.jsonLd ?? [])];
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
        {jsonLd.map((value, i) => (
          <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(value) }} />
        ))}
      </head>
      <body>
        <a className="skip" href="#main">
          Skip to content
        </a>
        <header className="top">
          <div className="bar">
            <a className="brand" href="/">
              Listwise
            </a>
            <nav aria-label="Main">
              <ul className="nav">
                <li>
                  <a href="/agents">Find agents</a>
                </li>
                <li>
                  <a href="/how-we-rank">How we rank</a>
                </li>
                <li>
                  <a href="/login">Log in</a>
                </li>
                <li>
                  <a href="/get-started">Sign up</a>
                </li>
              </ul>
            </nav>
          </div>
        </header>
        <div className="wrap">
          {head.breadcrumbs.length > 1 && (
            <nav className="crumbs" aria-label="Breadcrumb">
              <ol>
                {head.breadcrumbs.map((crumb, i) => (
                  <li key={crumb.path}>
                    {i === head.breadcrumbs.length - 1 ? (
                      <span aria-current="page">{crumb.name}</span>
                    ) : (
                      <a href={crumb.path}>{crumb.name}</a>
                    )}
                  </li>
                ))}
              </ol>
            </nav>
          )}
          <main id="main">{children}</main>
        </div>
        <footer>
          <div className="wrap">
            <p>
              Listwise: ask up to five local agents for an appraisal. <a href="/how-we-rank">How Listwise makes money and orders agents</a>
              {' · '}
              <a href="/terms-and-conditions?tab=privacy">Privacy</a>
            </p>
          </div>
        </footer>
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
