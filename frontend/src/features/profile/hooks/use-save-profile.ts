import { useState } from 'react';
import { toaster } from '@/components/ui/toaster';
import { authApi } from '@/lib/auth/auth-api';
import { errorText } from '@/lib/http-error';
import type { User } from '@/types/api';
import { useUpdateProfileMutation, useUploadProfileImageMutation } from '../api';

export interface ProfileDraft {
  username: string;
  email: string;
  bio: string;
  image: File | null;
}

/**
 * Saves a profile edit: the username (when changed), then the picture, then bio and email. Spec: when the picture
 * upload fails the rest of the update still goes through ("Error uploading image"). Resolves true when saved.
 */
export function useSaveProfile() {
  const [saving, setSaving] = useState(false);
  const [updateUsername] = authApi.useUpdateUsernameMutation();
  const [upload] = useUploadProfileImageMutation();
  const [update] = useUpdateProfileMutation();

  const save = async (user: User, draft: ProfileDraft): Promise<boolean> => {
    setSaving(true);
    try {
      if (draft.username.trim() !== (user.username ?? '')) {
        try {
          await updateUsername({ username: draft.username.trim() }).unwrap();
        } catch (e) {
          toaster.create({ type: 'error', title: 'Failed to set username', description: errorText(e, 'Unknown error occurred') });
          return false;
        }
      }
      let profileImage: string | undefined;
      if (draft.image) {
        try {
          profileImage = (await upload(draft.image).unwrap()).imageUrl;
        } catch {
          toaster.create({ type: 'error', title: 'Error uploading image', description: 'Failed to upload profile image' });
        }
      }
      try {
        await update({ bio: draft.bio.trim() || null, email: draft.email.trim() || null, ...(profileImage ? { profileImage } : {}) }).unwrap();
      } catch {
        toaster.create({ type: 'error', title: 'Error updating profile', description: 'Failed to update profile' });
        return false;
      }
      toaster.create({ type: 'success', title: 'Profile updated', description: 'Your profile has been successfully updated' });
      return true;
    } finally {
      setSaving(false);
    }
  };

  return { save, saving };
}
