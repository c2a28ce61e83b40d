'use client';

import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google';

/** Google's own button (its script loads only with the dialog); hands the ID token over. */
export default function GoogleButton({
  clientId,
  onCredential,
  onError,
}: {
  clientId: string;
  onCredential: (credential: string) => void;
  onError: () => void;
}) {
  return (
    <GoogleOAuthProvider clientId={clientId} onScriptLoadError={onError}>
      <GoogleLogin
        onSuccess={(response) =>
          response.credential ? onCredential(response.credential) : onError()
        }
        onError={onError}
        width="320"
        text="continue_with"
      />
    </GoogleOAuthProvider>
  );
}
