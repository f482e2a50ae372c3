import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ChakraProvider } from '@chakra-ui/react';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router';
import { createRouter } from './app/router';
import { makeStore } from './app/store';
import { system } from './app/system';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ChakraProvider value={system}>
      <Provider store={makeStore()}>
        <RouterProvider router={createRouter()} />
      </Provider>
    </ChakraProvider>
  </StrictMode>,
);
