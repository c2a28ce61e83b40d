'use client';

import Typography from '@mui/material/Typography';
import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google';
import { useTranslations } from 'next-intl';
import { useState } from 'react';

/**
 * Google's own button (its script loads only with the dialog); hands the ID token over. A script
 * that cannot load is said in place of the button, not as the dialog's alert: the player did not
 * ask for Google, and another method's message must not be replaced by it.
 */
export default function GoogleButton({
  clientId,
  onCredential,
  onError,
}: {
  clientId: string;
  onCredential: (credential: string) => void;
  onError: () => void;
}) {
  const te = useTranslations('errors');
  const [unavailable, setUnavailable] = useState(false);
  if (unavailable) {
    return (
      <Typography variant="caption" color="text.secondary" role="status">
        {te('googleSignIn')}
      </Typography>
    );
  }
  return (
    <GoogleOAuthProvider clientId={clientId} onScriptLoadError={() => setUnavailable(true)}>
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
