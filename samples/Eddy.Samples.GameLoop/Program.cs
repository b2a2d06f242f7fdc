using System;
using Eddy.Samples.GameLoop;

// A game-loop-style update: particle bursts in arrays from a fixed-length typed pool. Prints the bytes each
// frame allocates (GC.GetAllocatedBytesForCurrentThread around Update only); exits with 1 if any frame after
// the warm-up allocates.
const int Frames = 600;
const int WarmupFrames = 120;
var system = new ParticleSystem(spawnEveryFrames: 4, lifetimeFrames: 60);
long warmupBytes = 0;
long steadyBytes = 0;
long steadyMax = 0;

for (var frame = 1; frame <= Frames; frame++)
{
    var before = GC.GetAllocatedBytesForCurrentThread();
    system.Update();
    var allocated = GC.GetAllocatedBytesForCurrentThread() - before;

    if (frame <= WarmupFrames)
    {
        warmupBytes += allocated;
    }
    else
    {
        steadyBytes += allocated;
        steadyMax = Math.Max(steadyMax, allocated);
    }

    if (frame is 1 or 2 or 30 or 60 or 61 or 120 or 121 or 300 or Frames)
    {
        Console.WriteLine($"frame {frame,3}: {allocated,6} bytes allocated, {system.ActiveBursts,2} bursts active");
    }
}

Console.WriteLine($"warm-up (frames 1-{WarmupFrames}): {warmupBytes} bytes allocated while the pools filled");
Console.WriteLine($"steady state (frames {WarmupFrames + 1}-{Frames}): {steadyBytes} bytes allocated in total, {steadyMax} at most in one frame");
Console.WriteLine($"allocations per frame in steady state: {steadyBytes / (Frames - WarmupFrames)}");
Console.WriteLine($"checksum {system.DrawnChecksum}");
return steadyBytes == 0 ? 0 : 1;
