using System;
using System.Collections.Generic;
using Microsoft.AspNetCore.Connections;
using Microsoft.Extensions.Options;

namespace Eddy.AspNetCore;

/// <summary>
/// Makes a Kestrel transport's options (<c>SocketTransportOptions</c>, <c>NamedPipeTransportOptions</c>) take the
/// registered <see cref="BlockMemoryPoolFactory"/> whichever <see cref="IMemoryPoolFactory{T}"/> was registered last.
/// </summary>
/// <remarks>
/// The transports' <c>MemoryPoolFactory</c> option is internal; <c>UseSockets</c> and <c>UseNamedPipes</c> set it with
/// an <see cref="OptionsBuilder{TOptions}"/> <c>Configure</c> that depends on the container's
/// <see cref="IMemoryPoolFactory{T}"/>, which resolves to the last registration (Kestrel's own when <c>UseKestrel</c>
/// ran after <c>AddEddyKestrelMemoryPool</c>). A post-configuration runs after every <c>Configure</c>, so this one runs
/// those same configuration actions again with Eddy's factory as the dependency. Should a later ASP.NET Core set the
/// option some other way, nothing would be left to run again while the container's factory is not Eddy's: then the
/// options fail to build (at host start) with a message that says what to do, rather than Kestrel silently staying
/// on its own pool.
/// </remarks>
internal sealed class TransportMemoryPoolSetup<TOptions>(
    BlockMemoryPoolFactory factory,
    IMemoryPoolFactory<byte> registered,
    IEnumerable<IConfigureOptions<TOptions>> configurations) : IPostConfigureOptions<TOptions>
    where TOptions : class
{
    public void PostConfigure(string? name, TOptions options)
    {
        bool reconfigured = false;
        foreach (IConfigureOptions<TOptions> configuration in configurations)
        {
            if (configuration is ConfigureNamedOptions<TOptions, IMemoryPoolFactory<byte>> withFactory
                && (withFactory.Name is null || withFactory.Name == name)
                && !ReferenceEquals(withFactory.Dependency, factory))
            {
                withFactory.Action?.Invoke(options, factory);
                reconfigured = true;
            }
        }

        if (!reconfigured && !ReferenceEquals(registered, factory))
        {
            throw new InvalidOperationException(
                $"AddEddyKestrelMemoryPool could not give {typeof(TOptions).Name} Eddy's BlockMemoryPoolFactory: the "
                + $"container's IMemoryPoolFactory<byte> is {registered.GetType().FullName}, registered after it. Call "
                + "AddEddyKestrelMemoryPool after UseKestrel (and after any other IMemoryPoolFactory<byte> registration).");
        }
    }
}
