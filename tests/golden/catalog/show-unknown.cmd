gpufit catalog show Standard_Bogus
