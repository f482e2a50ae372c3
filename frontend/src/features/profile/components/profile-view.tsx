import { useEffect, useMemo, useState } from 'react';
import { Avatar, Badge, Button, Card, Field, Heading, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { CreatorRecordFacts } from '@/components/creator-record';
import { toaster } from '@/components/ui/toaster';
import { useAuth } from '@/lib/auth/auth-context';
import { displayName } from '@/lib/display-name';
import type { User } from '@/types/api';
import { useSaveProfile, type ProfileDraft } from '../hooks/use-save-profile';
import { profileImageProblem, USERNAME_HINT, usernameProblem } from '../profile-rules';
import { ProfileField } from './profile-field';
import { AvatarRoot } from '@/components/ui/avatar';
import { ChainRef } from '@/components/chain-ref';

/** /profile: the signed-in user's profile, and its Edit Profile mode (picture, username, email, bio). */
export function ProfileView() {
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);
  if (!user) {
    return (
      <Stack gap="2">
        <Heading as="h1" size="2xl">Not Authenticated</Heading>
        <Text>Please log in to view your profile</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="6" maxW="2xl">
      <HStack justify="space-between" wrap="wrap">
        <Heading as="h1" size="2xl">Profile</Heading>
        <Button variant="outline" onClick={() => setEditing((e) => !e)} aria-pressed={editing}>
          {editing ? 'Cancel' : 'Edit Profile'}
        </Button>
      </HStack>
      {editing ? <ProfileForm user={user} onSaved={() => setEditing(false)} /> : <ProfileCard user={user} />}
      {!editing && (
        <Stack gap="2">
          <Heading as="h2" size="md">Your record as a creator</Heading>
          <CreatorRecordFacts userId={user.id} label="Your record as a creator" />
        </Stack>
      )}
    </Stack>
  );
}

function ProfileCard({ user }: { user: User }) {
  const name = displayName(user);
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="4">
          <HStack gap="4">
            <AvatarRoot size="2xl">
              <Avatar.Fallback name={name} />
              {user.profileImage && <Avatar.Image src={user.profileImage} alt={`${name}'s profile picture`} />}
            </AvatarRoot>
            <Stack gap="1">
              <HStack gap="2">
                <Text fontSize="xl" fontWeight="bold">{name}</Text>
                {user.isAdmin && <Badge colorPalette="purple">Admin</Badge>}
              </HStack>
              {user.walletAddress && <Text as="div" fontSize="sm" color="gray.700"><ChainRef kind="address" value={user.walletAddress} label="Wallet" /></Text>}
            </Stack>
          </HStack>
          <ProfileField label="Bio" preWrap>{user.bio || 'No bio yet'}</ProfileField>
          <ProfileField label="Email">{user.email || 'Not set'}</ProfileField>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

function ProfileForm({ user, onSaved }: { user: User; onSaved(): void }) {
  const [draft, setDraft] = useState<ProfileDraft>({ username: user.username ?? '', email: user.email ?? '', bio: user.bio ?? '', image: null });
  const [touched, setTouched] = useState(false);
  const { save, saving } = useSaveProfile();
  const nameError = usernameProblem(draft.username);
  const imageUrl = useMemo(() => (draft.image ? URL.createObjectURL(draft.image) : null), [draft.image]);
  useEffect(() => () => { if (imageUrl) URL.revokeObjectURL(imageUrl); }, [imageUrl]);
  const preview = imageUrl ?? user.profileImage;

  const pick = (file: File | undefined, input: HTMLInputElement) => {
    if (!file) return;
    const problem = profileImageProblem(file);
    if (problem) {
      toaster.create({ type: 'error', ...problem });
      input.value = '';
      return;
    }
    setDraft((d) => ({ ...d, image: file }));
  };

  return (
    <Card.Root>
      <Card.Body>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (nameError) return;
            void save(user, draft).then((ok) => ok && onSaved());
          }}
        >
          <Stack gap="4">
            <HStack gap="4">
              <AvatarRoot size="2xl">
                <Avatar.Fallback name={draft.username || displayName(user)} />
                {preview && <Avatar.Image src={preview} alt="Profile picture preview" />}
              </AvatarRoot>
              <Field.Root>
                <Field.Label>Profile picture</Field.Label>
                <Input type="file" accept="image/*" p="1" onChange={(e) => pick(e.target.files?.[0], e.target)} />
              </Field.Root>
            </HStack>
            <Field.Root invalid={touched && !!nameError}>
              <Field.Label>Username</Field.Label>
              <Input value={draft.username} maxLength={20} onChange={(e) => setDraft((d) => ({ ...d, username: e.target.value }))} />
              {touched && nameError ? <Field.ErrorText>{nameError}</Field.ErrorText> : <Field.HelperText>{USERNAME_HINT}</Field.HelperText>}
            </Field.Root>
            <Field.Root>
              <Field.Label>Email</Field.Label>
              <Input type="email" value={draft.email} onChange={(e) => setDraft((d) => ({ ...d, email: e.target.value }))} />
            </Field.Root>
            <Field.Root>
              <Field.Label>Bio</Field.Label>
              <Textarea rows={4} value={draft.bio} onChange={(e) => setDraft((d) => ({ ...d, bio: e.target.value }))} />
            </Field.Root>
            <HStack justify="end">
              <Button type="submit" loading={saving}>Save Profile</Button>
            </HStack>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
