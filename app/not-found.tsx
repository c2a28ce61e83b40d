import { bareBodyStyle } from '@/components/page/bare-page';

// Requests the proxy does not route into a language (for example /missing.txt) end here.
export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body style={bareBodyStyle}>
        <h1>404</h1>
      </body>
    </html>
  );
}
