// Requests the proxy does not route into a language (for example /missing.txt) end here.
export default function GlobalNotFound() {
  return (
    <html lang="en">
      <body
        style={{
          fontFamily: 'system-ui, sans-serif',
          display: 'grid',
          placeItems: 'center',
          minHeight: '100vh',
        }}
      >
        <h1>404</h1>
      </body>
    </html>
  );
}
