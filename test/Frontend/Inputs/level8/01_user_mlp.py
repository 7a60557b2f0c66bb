"""A model as a user has it: not in KernelBench's format, built by a
factory function with its own weights (here drawn from a generator of its
own, as loading a checkpoint would give), returning the model and example
inputs."""
import torch
import torch.nn as nn


def make_model():
    g = torch.Generator().manual_seed(1234)
    model = nn.Sequential(nn.Linear(64, 128), nn.ReLU(), nn.Linear(128, 32))
    with torch.no_grad():
        for p in model.parameters():
            p.copy_(torch.randn(p.shape, generator=g) * 0.1)
    return model, [torch.randn(16, 64)]


def not_a_factory():
    return 3
