import { App, Card } from 'antd';
import { useNavigate } from 'react-router';
import { useCreateContact } from './contact.queries';
import { ContactForm } from './contact-form';

/** /admin/information/contacts/new: the contact form; on success, the new contact's page. */
export function ContactNewPage() {
  const create = useCreateContact();
  const navigate = useNavigate();
  const { message } = App.useApp();
  return (
    <Card>
      <ContactForm
        submitting={create.isPending}
        submitText="创建"
        onCancel={() => navigate('/information/contacts')}
        onSubmit={(values) =>
          create.mutate(values, {
            onSuccess: (contact) => {
              void message.success('创建成功');
              navigate(`/information/contacts/${contact.id}`, { replace: true });
            },
          })
        }
      />
    </Card>
  );
}
