using System;
using System.Buffers;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.AspNetCore.Http;
using Eddy.FileBuffering;

namespace Eddy.ServiceBenchmark.Server;

/// <summary>Eddy's counterpart of <c>HttpRequest.EnableBuffering</c> (docs/aspnetcore.md shows the same code).</summary>
public static class EddyRequestBuffering
{
    /// <summary>
    /// Reads the whole request body into a <see cref="FileBufferingStream"/> (pooled memory up to
    /// <see cref="FileBufferingStreamOptions.MemoryThreshold"/>, then a temporary file), puts it in place of
    /// <see cref="HttpRequest.Body"/> at position 0, and has the response dispose it when the request ends.
    /// </summary>
    /// <remarks>
    /// The body is copied in pieces of <see cref="FileBufferingStreamOptions.FileBufferSize"/> (64 KiB by default):
    /// past the threshold every write is a write to the file, and Kestrel's own copy would write each 4 KiB block
    /// of its pipe separately (with 4 KiB writes a 32 MiB body allocated about 6 times as much).
    /// </remarks>
    public static async Task<FileBufferingStream> BufferBodyAsync(this HttpRequest request, FileBufferingStreamOptions options, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(request);
        ArgumentNullException.ThrowIfNull(options);
        var body = new FileBufferingStream(options);
        request.HttpContext.Response.RegisterForDisposeAsync(body);
        byte[] piece = ArrayPool<byte>.Shared.Rent(options.FileBufferSize);
        try
        {
            int filled = 0;
            int read;
            while ((read = await request.Body.ReadAsync(piece.AsMemory(filled), cancellationToken).ConfigureAwait(false)) > 0)
            {
                filled += read;
                if (filled == piece.Length)
                {
                    await body.WriteAsync(piece.AsMemory(0, filled), cancellationToken).ConfigureAwait(false);
                    filled = 0;
                }
            }

            await body.WriteAsync(piece.AsMemory(0, filled), cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(piece);
        }

        body.Position = 0;
        request.Body = body;
        return body;
    }
}
