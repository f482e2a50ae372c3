import { useDispatch } from 'react-redux';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';

/** Typed dispatch that accepts RTK Query thunks (the store type lives in app/, which lib must not import). */
export const useAppDispatch = () => useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
