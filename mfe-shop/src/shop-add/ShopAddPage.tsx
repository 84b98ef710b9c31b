// /shops/add (agents): an agent opens a producer's shop — business type, shop name, the owner's name and
// email. The api creates the shop and the owner's account and mails the owner an invitation with a link to choose
// their password; the agent becomes the shop's sales agent. POST /v1/agent/shops (contract auth.ts agentShopSchema).
import { useState } from 'react';
import { Alert, Button, Card, Flex, Radio, Result, Typography } from 'antd';
import { BUSINESS_TYPE_LABELS, BUSINESS_TYPES, agentShopSchema, type AgentShopInput } from 'shared-kernel/contracts';
import { defineTexts, FormField, SubmitButton, useZodForm, withQueryScope, ZodForm } from 'shared-kernel/kit';
import { Link } from 'shared-kernel/router';
import { notify, useLayoutMode } from 'shared-kernel/runtime';
import { useCreateAgentShop, type CreatedAgentShop } from './agent-shops.queries';

const { useTexts } = defineTexts('shop.shopAdd', {
  fr: {
    title: 'Créer la boutique d’un producteur',
    intro:
      'Le producteur reçoit par e-mail une invitation et un lien pour choisir son mot de passe. Vous devenez l’agent commercial de sa boutique.',
    shop: 'La boutique',
    businessType: 'Activité',
    shopName: 'Nom de la boutique',
    owner: 'Le producteur (propriétaire de la boutique)',
    firstname: 'Prénom',
    lastname: 'Nom',
    email: 'Adresse e-mail',
    submit: 'Créer la boutique et inviter le producteur',
    done: 'Boutique créée',
    view: 'Voir la boutique',
    another: 'Créer une autre boutique',
    producers: 'Mes producteurs',
  },
  en: {
    title: 'Create a producer’s shop',
    intro: 'The producer receives an invitation by email with a link to choose their password. You become their shop’s sales agent.',
    shop: 'The shop',
    businessType: 'Business',
    shopName: 'Shop name',
    owner: 'The producer (shop owner)',
    firstname: 'First name',
    lastname: 'Last name',
    email: 'Email address',
    submit: 'Create the shop and invite the producer',
    done: 'Shop created',
    view: 'View the shop',
    another: 'Create another shop',
    producers: 'My producers',
  },
});

type Values = Record<string, unknown>;

function ShopAddForm({ onCreated }: { onCreated: (c: CreatedAgentShop) => void }) {
  const t = useTexts();
  const form = useZodForm(agentShopSchema, {
    defaultValues: { businessType: 'wine', shopName: '', ownerEmail: '', ownerFirstname: '', ownerLastname: '' } as AgentShopInput,
  });
  const create = useCreateAgentShop();
  return (
    <ZodForm
      form={form}
      style={{ display: 'grid', gap: 16 }}
      onSubmit={async (values) => {
        const created = await create.mutateAsync(values as AgentShopInput);
        notify.success(created.message);
        onCreated(created);
      }}
    >
      <Card title={t.shop} size="small">
        <FormField<Values>
          name="businessType"
          label={t.businessType}
          required
          render={(f, a11y) => (
            <Radio.Group
              id={a11y.id}
              value={f.value}
              onChange={(e) => f.onChange(e.target.value)}
              options={BUSINESS_TYPES.map((b) => ({ value: b, label: BUSINESS_TYPE_LABELS[b] }))}
            />
          )}
        />
        <FormField<Values> name="shopName" label={t.shopName} maxLength={120} required />
      </Card>
      <Card title={t.owner} size="small">
        <div style={{ display: 'grid', gap: '0 16px', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))' }}>
          <FormField<Values> name="ownerFirstname" label={t.firstname} maxLength={60} required autoComplete="off" />
          <FormField<Values> name="ownerLastname" label={t.lastname} maxLength={60} required autoComplete="off" />
        </div>
        <FormField<Values> name="ownerEmail" label={t.email} kind="email" required autoComplete="off" />
      </Card>
      <div>
        <SubmitButton>{t.submit}</SubmitButton>
      </div>
    </ZodForm>
  );
}

export default withQueryScope(function ShopAddPage() {
  const t = useTexts();
  const mobile = useLayoutMode() === 'mobile';
  const [created, setCreated] = useState<CreatedAgentShop | null>(null);
  const [round, setRound] = useState(0);
  return (
    <Flex component="section" vertical gap={12} style={{ padding: mobile ? 12 : 16, maxWidth: 760, minWidth: 0 }}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 20 }}>
        {t.title}
      </Typography.Title>
      {created ? (
        <Result
          status="success"
          title={t.done}
          subTitle={created.message}
          extra={[
            <Link key="view" to={`/${created.shop.urlShop}`}>
              <Button type="primary">{t.view}</Button>
            </Link>,
            <Button
              key="again"
              onClick={() => {
                setCreated(null);
                setRound((n) => n + 1);
              }}
            >
              {t.another}
            </Button>,
            <Link key="list" to="/shops">
              {t.producers}
            </Link>,
          ]}
        />
      ) : (
        <>
          <Alert type="info" showIcon title={t.intro} />
          <ShopAddForm key={round} onCreated={setCreated} />
        </>
      )}
    </Flex>
  );
});
