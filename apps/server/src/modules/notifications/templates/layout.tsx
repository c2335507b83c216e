import { createContext, useContext, type ReactNode } from 'react';
import { PRODUCT_NAME, SUPPORT_EMAIL, SUPPORT_PHONE } from '@listwise/domain/constants';

/**
 * The unsubscribe link of the optional e-mail being rendered (queueEmail provides it, since the link names the
 * message's own id); service messages render without it and so carry none.
 */
export const UnsubscribeUrlContext = createContext<string | null>(null);

/**
 * Shared frame of every Listwise e-mail: inline styles only, because mail clients ignore stylesheets. The card is
 * fluid up to 560 px (a phone of 375 px gets the whole width, no sideways scrolling); the footer names Listwise and
 * how to reach it (Spam Act 2003), and an optional e-mail's footer carries its unsubscribe link (set by queueEmail).
 */
/** The name a greeting uses: the first word of the person's name ('Hi Olivia', not 'Hi Olivia Harper'), or 'there'. */
export const greetingName = (name: string | null | undefined): string => name?.trim().split(/\s+/)[0] || 'there';

/** 'Hi Olivia,' */
export function EmailGreeting({ name }: { name: string | null | undefined }) {
  return <EmailText>Hi {greetingName(name)},</EmailText>;
}

export function EmailLayout({ heading, children }: { heading: string; children: ReactNode }) {
  const unsubscribeUrl = useContext(UnsubscribeUrlContext);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: '#f4f6f8', fontFamily: 'Arial, Helvetica, sans-serif', color: '#1f2933' }}>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ padding: '16px 8px' }}>
          <tbody>
            <tr>
              <td align="center">
                <table
                  role="presentation"
                  width="100%"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{
                    width: '100%',
                    maxWidth: 560,
                    backgroundColor: '#ffffff',
                    borderRadius: 8,
                    padding: 20,
                    boxSizing: 'border-box',
                  }}
                >
                  <tbody>
                    <tr>
                      <td>
                        <p style={{ fontSize: 22, fontWeight: 700, color: '#0f4c5c', margin: '0 0 24px' }}>Listwise</p>
                        <h1 style={{ fontSize: 20, margin: '0 0 16px' }}>{heading}</h1>
                        {children}
                        <p style={{ fontSize: 12, lineHeight: '18px', color: '#52606d', marginTop: 32, overflowWrap: 'anywhere' }}>
                          You received this e-mail because of your {PRODUCT_NAME} account. If this was not you, you can ignore it.
                        </p>
                        <p style={{ fontSize: 12, lineHeight: '18px', color: '#52606d', margin: '8px 0 0', overflowWrap: 'anywhere' }}>
                          {PRODUCT_NAME}, the appraisal marketplace for Australian sellers and agents. Contact us at{' '}
                          <a href={`mailto:${SUPPORT_EMAIL}`} style={{ color: '#0f4c5c' }}>
                            {SUPPORT_EMAIL}
                          </a>{' '}
                          or {SUPPORT_PHONE}.
                        </p>
                        {unsubscribeUrl && (
                          <p style={{ fontSize: 12, lineHeight: '18px', color: '#52606d', margin: '8px 0 0', overflowWrap: 'anywhere' }}>
                            This is an optional e-mail. E-mails about your account, requests and payments always reach you. To stop e-mails
                            like this one:{' '}
                            <a href={unsubscribeUrl} style={{ color: '#0f4c5c' }}>
                              Unsubscribe
                            </a>
                          </p>
                        )}
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  );
}

export function EmailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <p style={{ margin: '24px 0' }}>
      <a
        href={href}
        style={{
          backgroundColor: '#0f4c5c',
          color: '#ffffff',
          padding: '12px 20px',
          borderRadius: 6,
          display: 'inline-block',
          textDecoration: 'none',
          fontWeight: 700,
        }}
      >
        {children}
      </a>
    </p>
  );
}

export function EmailText({ children }: { children: ReactNode }) {
  return <p style={{ fontSize: 15, lineHeight: '22px', margin: '0 0 12px' }}>{children}</p>;
}
