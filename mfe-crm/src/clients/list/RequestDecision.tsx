// Accept a price-grid request with one of the shop's typologies, or refuse it after a confirmation.
import { useState } from 'react';
import { Button, Flex, Select, Typography } from 'antd';
import type { PriceGridRequestItem } from 'shared-kernel/contracts';
import { confirmPopup } from 'shared-kernel/runtime';
import { useDecideRequest } from '../clients.queries';
import { useTexts } from '../texts';

export interface TypologyOption {
  id: string;
  name: string;
  public: boolean;
}

/** The typology proposed first: the shop's professional (non-public) one, else the first. */
export function defaultTypology(typologies: readonly TypologyOption[]): string | undefined {
  return (typologies.find((t) => !t.public) ?? typologies[0])?.id;
}

export function RequestDecision({ request, typologies }: { request: PriceGridRequestItem; typologies: readonly TypologyOption[] }) {
  const t = useTexts();
  const [typology, setTypology] = useState<string | undefined>(() => defaultTypology(typologies));
  const [busy, setBusy] = useState<null | 'accept' | 'refuse'>(null);
  const decide = useDecideRequest();
  const name = request.requester.name;

  const accept = async () => {
    if (!typology) return;
    setBusy('accept');
    try {
      await decide.mutateAsync({ id: request.id, decision: { decision: 'accept', typology } });
    } catch {
      // the api's message is already shown as a snackbar; the list is refreshed
    } finally {
      setBusy(null);
    }
  };
  const refuse = () => {
    setBusy('refuse');
    void confirmPopup({
      title: t.refuseTitle,
      content: <Typography.Paragraph style={{ margin: 0 }}>{t.refuseText(name)}</Typography.Paragraph>,
      okText: t.refuse,
      error: true,
      // a failure keeps the popup open (and the api's message shows as a snackbar)
      onOk: async () => {
        await decide.mutateAsync({ id: request.id, decision: { decision: 'refuse' } });
      },
    }).finally(() => setBusy(null));
  };

  return (
    <Flex gap={8} wrap align="center">
      <Select<string>
        aria-label={t.typologyFor(name)}
        data-testid="typology-select"
        style={{ minWidth: 160, flex: '1 1 160px' }}
        value={typology}
        onChange={setTypology}
        disabled={busy !== null}
        options={typologies.map((ty) => ({ value: ty.id, label: ty.name }))}
      />
      <Button
        type="primary"
        aria-label={t.acceptFor(name)}
        onClick={() => void accept()}
        loading={busy === 'accept'}
        disabled={!typology || busy === 'refuse'}
      >
        {t.accept}
      </Button>
      <Button danger aria-label={t.refuseFor(name)} onClick={refuse} loading={busy === 'refuse'} disabled={busy === 'accept'}>
        {t.refuse}
      </Button>
    </Flex>
  );
}
