using Microsoft.Extensions.ObjectPool;

namespace Eddy.Tests.Streams.Integration;

/// <summary>
/// A Microsoft.Extensions.ObjectPool policy for <see cref="PooledMemoryStream"/>. It lives in the tests until an
/// integration package takes it (src/Eddy may not depend on Microsoft.Extensions.ObjectPool).
/// </summary>
public sealed class PooledMemoryStreamPooledObjectPolicy(PooledMemoryStreamOptions? options = null) : PooledObjectPolicy<PooledMemoryStream>
{
    public override PooledMemoryStream Create() => new(options);

    /// <summary>Empties the stream (its arrays go back to the byte pool); a disposed stream is not kept.</summary>
    public override bool Return(PooledMemoryStream obj)
    {
        if (!obj.CanWrite)
        {
            return false;
        }

        obj.Reset();
        return true;
    }
}
