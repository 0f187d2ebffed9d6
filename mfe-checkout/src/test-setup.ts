import { setupPageTests } from '@portal/shared/testing';

setupPageTests();
