"""Cosine similarity loss mean(1 - cos(a, b)) over rows of 2048, (262144, 2048) each -> scalar."""
import torch
import torch.nn as nn
import torch.nn.functional as F


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, a, b):
        return torch.mean(1.0 - F.cosine_similarity(a, b, dim=1))


rows = 262144
dim = 2048

SMALL = {"rows": 64, "dim": 512}


def get_inputs():
    return [torch.randn(rows, dim), torch.randn(rows, dim)]


def get_init_inputs():
    return []
