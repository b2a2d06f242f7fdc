// Blocks run in this process and share its console, its pools and Eddy's static diagnostics: one at a time.
[assembly: CollectionBehavior(DisableTestParallelization = true)]
