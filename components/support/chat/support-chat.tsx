'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useFormatter, useTranslations } from 'next-intl';
import { Composer } from './composer';
import { MessageList } from './message-list';
import { useSupportChat } from './use-support-chat';

/** Live chat with the operator's agents, for a signed-in player. */
export function SupportChat() {
  const t = useTranslations('supportChat');
  const format = useFormatter();
  const chat = useSupportChat();

  if (chat.query.isPending) {
    return <CircularProgress aria-label={t('loading')} sx={{ alignSelf: 'center', my: 4 }} />;
  }
  if (chat.query.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void chat.query.refetch()}>
            {t('retry')}
          </Button>
        }
      >
        {t('loadFailed')}
      </Alert>
    );
  }
  const { conversation, hours } = chat;
  return (
    <Stack sx={{ flex: 1, minHeight: 0 }} spacing={1} data-testid="support-chat">
      {hours && !hours.online && hours.opensAt && (
        <Alert severity="info" data-testid="support-offline">
          {t('offline', {
            time: format.dateTime(new Date(hours.opensAt), { hour: '2-digit', minute: '2-digit' }),
          })}
        </Alert>
      )}
      {conversation?.agent && conversation.status !== 'closed' && (
        <Typography variant="body2" color="text.secondary">
          {t('assigned', { name: conversation.agent.name })}
        </Typography>
      )}
      {conversation?.status === 'closed' && (
        <Typography variant="body2" color="text.secondary">
          {t('closed')}
        </Typography>
      )}
      <MessageList
        messages={chat.messages}
        hasOlder={chat.hasOlder}
        onOlder={() => void chat.loadOlder()}
        typing={chat.typing}
      />
      <Composer
        onTyping={chat.notifyTyping}
        onSent={(message) => {
          if (conversation) chat.added(message);
          else void chat.refresh();
        }}
      />
    </Stack>
  );
}
