import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button, Input } from 'antd';
import { TICKET_BODY_MAX } from 'shared-kernel/contracts';
import { errorMessage } from 'shared-kernel/kit';
import { MESSAGES } from 'shared-kernel/validation';
import { useReply } from './tickets.queries';
import { useTexts } from './texts';

/** The reply box of a thread: 'Envoyer' or Ctrl/Cmd+Enter sends; the box is emptied once the message is stored. */
export function ReplyBox({ threadId }: { threadId: number }) {
  const t = useTexts();
  const reply = useReply();
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  const send = async () => {
    if (reply.isPending) return;
    if (!body.trim()) {
      setError(MESSAGES.needed);
      return;
    }
    try {
      await reply.mutateAsync({ id: threadId, body });
      setBody('');
      setError(null);
    } catch (err) {
      setError(errorMessage(err));
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void send();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void send();
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate style={{ display: 'grid', gap: 6 }}>
      <label htmlFor={`${id}-body`} style={{ fontWeight: 500 }}>
        {t.reply}
      </label>
      <Input.TextArea
        id={`${id}-body`}
        value={body}
        onChange={(e) => {
          setBody(e.target.value);
          if (error && e.target.value.trim()) setError(null);
        }}
        onKeyDown={onKeyDown}
        maxLength={TICKET_BODY_MAX}
        rows={3}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help`}
        status={error ? 'error' : undefined}
      />
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
        <span id={`${id}-help`} role={error ? 'alert' : undefined} style={{ fontSize: 13, color: error ? '#b42318' : '#595959' }}>
          {error ?? t.replyHelp}
        </span>
        <Button type="primary" htmlType="submit" loading={reply.isPending}>
          {t.send}
        </Button>
      </div>
    </form>
  );
}
