import type { ReactNode } from 'react';

/** Shared frame of every Listwise e-mail: inline styles only, because mail clients ignore stylesheets. */
export function EmailLayout({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ margin: 0, padding: 0, backgroundColor: '#f4f6f8', fontFamily: 'Arial, Helvetica, sans-serif', color: '#1f2933' }}>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ padding: '24px 0' }}>
          <tbody>
            <tr>
              <td align="center">
                <table
                  role="presentation"
                  width="560"
                  cellPadding={0}
                  cellSpacing={0}
                  style={{ backgroundColor: '#ffffff', borderRadius: 8, padding: 32 }}
                >
                  <tbody>
                    <tr>
                      <td>
                        <p style={{ fontSize: 22, fontWeight: 700, color: '#0f4c5c', margin: '0 0 24px' }}>Listwise</p>
                        <h1 style={{ fontSize: 20, margin: '0 0 16px' }}>{heading}</h1>
                        {children}
                        <p style={{ fontSize: 12, color: '#52606d', marginTop: 32 }}>
                          You received this e-mail because of your Listwise account. If this was not you, you can ignore it.
                        </p>
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
